/**
 * The shop flow of bench:agents (sign in, add to cart, check out, confirm), each call timed, and the two sides'
 * ways to run it with one MCP client: ours and chrome-devtools-mcp's. Runs inside an agent's own process
 * (flowAgent.ts).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { peerUid } from './chromeDevtoolsMcp';
import { toolText } from './toolText';
import { ourRef } from './ourClient';

/** The flow's calls, in order. */
export const STEPS = ['open', 'snapshot', 'fill', 'sign-in', 'add', 'navigate', 'snapshot', 'order', 'wait'];

export interface FlowTimes {
  wallMs: number;
  /** One per step of STEPS. */
  callMs: number[];
}

/** One side's way to run the flow's steps with one client. */
export interface Flow {
  open(url: string): Promise<void>;
  snapshot(): Promise<string>;
  ref(snapshot: string, pattern: RegExp): string;
  click(ref: string): Promise<void>;
  fill(ref: string, value: string): Promise<void>;
  navigate(url: string): Promise<void>;
  waitFor(text: string): Promise<void>;
}

/** The shop flow on the act app at `origin`: open a tab, sign in, add to cart, check out, confirm the order. */
export async function shopFlow(flow: Flow, origin: string, marker: string): Promise<FlowTimes> {
  const callMs: number[] = [];
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    callMs.push(performance.now() - started);
    return result;
  };
  const started = performance.now();
  await timed(() => flow.open(`${origin}/?${marker}`));
  const shop = await timed(() => flow.snapshot());
  await timed(() => flow.fill(flow.ref(shop, /textbox "Email"/), `${marker}@shop.test`));
  await timed(() => flow.click(flow.ref(shop, /button "Sign in"/)));
  await timed(() => flow.click(flow.ref(shop, /button "Add to cart"/)));
  await timed(() => flow.navigate(`${origin}/checkout.html?${marker}`));
  const checkout = await timed(() => flow.snapshot());
  await timed(() => flow.click(flow.ref(checkout, /button "Place order"/)));
  await timed(() => flow.waitFor('placed'));
  return { wallMs: performance.now() - started, callMs };
}

export function ours(client: Client): Flow {
  return {
    open: async (url) => void (await toolText(client, 'new_tab', { url })),
    snapshot: () => toolText(client, 'take_snapshot', {}),
    ref: ourRef,
    click: async (ref) => void (await toolText(client, 'click', { ref })),
    fill: async (ref, value) => void (await toolText(client, 'fill', { ref, value })),
    navigate: async (url) => void (await toolText(client, 'navigate_to_url', { url })),
    waitFor: async (text) => void (await toolText(client, 'wait_for', { text })),
  };
}

export function theirs(client: Client): Flow {
  return {
    open: async (url) => void (await toolText(client, 'new_page', { url })),
    snapshot: () => toolText(client, 'take_snapshot', {}),
    ref: peerUid,
    click: async (uid) => void (await toolText(client, 'click', { uid })),
    fill: async (uid, value) => void (await toolText(client, 'fill', { uid, value })),
    navigate: async (url) => void (await toolText(client, 'navigate_page', { type: 'url', url })),
    // Its wait_for takes a list of texts.
    waitFor: async (text) => void (await toolText(client, 'wait_for', { text: [text] })),
  };
}
