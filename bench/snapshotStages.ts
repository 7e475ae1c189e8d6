/**
 * Where the small page's take_snapshot goes (issue 38): the whole call over MCP, beside each stage timed alone
 * on the same warm tab. From the service worker, on the debugger session take_snapshot keeps attached:
 * the element count, the accessibility-tree fetch (and its size), chrome.tabs.get; from the bench: list_tabs
 * (MCP → connector → WS → extension and back, no page work). The rest of take_snapshot is the budget pass,
 * serialization and the answer. Medians and p95 of CALLS calls. The floor `chrome.debugger` sets: the same tree
 * fetched over a raw CDP pipe to the same browser, and handed over by value as an object and as a string. Last,
 * ours, the peer's and our tree fetch alone, alternating call by call, then the hop alone beside the peer's.
 * Usage: npm run bench:snapshot-stages   (prints figures; not a test). BENCH_STAGE_CALLS sets the calls (40).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { httpClient } from '../test/support/mcp';
import { installPeer, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { startActStage, type ActStage } from './actStage';
import { runBench } from './connectorProcess';
import { toolText } from './toolText';

const CALLS = Number(process.env.BENCH_STAGE_CALLS ?? 40);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/**
 * Runs in the service worker: each stage CALLS times on the debugger take_snapshot left attached (its idle
 * detach is 10 s away, so the stages are kept short). A string, as tsx's helpers (`__name`) do not exist there.
 */
const WORKER_STAGES = `(async (calls) => {
  const send = (tabId, method, params) => chrome.debugger.sendCommand({ tabId }, method, params);
  const timedAll = async (work, times = calls) => {
    const ms = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await work();
      ms.push(performance.now() - started);
    }
    return ms;
  };
  const [tab] = await chrome.tabs.query({ active: true });
  const tabId = tab.id;
  const tree = await send(tabId, 'Accessibility.getFullAXTree', {});
  const count = { expression: "document.getElementsByTagName('*').length", returnByValue: true, silent: true };
  return {
    axNodes: tree.nodes.length,
    axBytes: JSON.stringify(tree).length,
    'element count (Runtime.evaluate)': await timedAll(() => send(tabId, 'Runtime.evaluate', count)),
    // Domain off and on, interleaved in blocks so a change in the machine's load hits both alike.
    ...(await (async () => {
      const blocks = { 'Accessibility.getFullAXTree, domain off': [], 'Accessibility.getFullAXTree, domain on': [] };
      for (let round = 0; round < 4; round++)
        for (const on of [false, true]) {
          await send(tabId, on ? 'Accessibility.enable' : 'Accessibility.disable');
          await send(tabId, 'Accessibility.getFullAXTree', {});
          const label = on ? 'Accessibility.getFullAXTree, domain on' : 'Accessibility.getFullAXTree, domain off';
          blocks[label].push(...(await timedAll(() => send(tabId, 'Accessibility.getFullAXTree', {}), calls / 4)));
        }
      await send(tabId, 'Accessibility.disable');
      return blocks;
    })()),
    'Runtime.evaluate, 62 KB string back': await timedAll(() =>
      send(tabId, 'Runtime.evaluate', { expression: "'x'.repeat(62000)", returnByValue: true }),
    ),
    // The same tree handed over twice more: as the nested object it is, and as one JSON string.
    ...(await (async () => {
      const literal = JSON.stringify(JSON.stringify(tree));
      return {
        'the AX tree by value, as an object': await timedAll(() =>
          send(tabId, 'Runtime.evaluate', { expression: 'JSON.parse(' + literal + ')', returnByValue: true }),
        ),
        'the AX tree by value, as a string': await timedAll(() =>
          send(tabId, 'Runtime.evaluate', { expression: literal, returnByValue: true }),
        ),
      };
    })()),
    'Runtime.evaluate "1"': await timedAll(() => send(tabId, 'Runtime.evaluate', { expression: '1' })),
    'chrome.tabs.get': await timedAll(() => chrome.tabs.get(tabId)),
  };
})`;

/** Our tree fetch alone, once, timed in the worker on the debugger session take_snapshot keeps attached. */
const TREE_ONCE = `(async () => {
  const [tab] = await chrome.tabs.query({ active: true });
  const started = performance.now();
  await chrome.debugger.sendCommand({ tabId: tab.id }, 'Accessibility.getFullAXTree', {});
  return performance.now() - started;
})()`;

/**
 * The floor against the peer in one loop, call by call so the load hits all three alike: our take_snapshot, the
 * peer's take_snapshot of the same page, and our tree fetch alone through `chrome.debugger` (no hop, no work).
 */
async function floorAlternating(stage: ActStage, mine: Client, url: string, version: string): Promise<string> {
  const peer = await startPeer(installPeer(), stage.chromium);
  try {
    await toolText(peer, 'navigate_page', { type: 'url', url });
    await toolText(peer, 'take_snapshot', {});
    const sides = { ours: [] as number[], peer: [] as number[], tree: [] as number[] };
    for (let i = 0; i < CALLS; i++) {
      for (const [client, into] of [
        [mine, sides.ours],
        [peer, sides.peer],
      ] as const) {
        const started = performance.now();
        await toolText(client, 'take_snapshot', {});
        into.push(performance.now() - started);
      }
      sides.tree.push((await stage.browser.worker.evaluate(TREE_ONCE)) as number);
    }
    const cell = (ms: number[]) => `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)} ms`;
    return (
      `take_snapshot, p50 / p95, alternating: ours ${cell(sides.ours)}, chrome-devtools-mcp ${version} ${cell(sides.peer)}; ` +
      `our tree fetch alone through chrome.debugger ${cell(sides.tree)} ` +
      `(${(percentile(sides.tree, 50) / percentile(sides.peer, 50)).toFixed(2)}× the peer's whole call)`
    );
  } finally {
    await peer.close();
  }
}

/**
 * The hop alone, ours and the peer's, alternating call by call so the machine's load hits both alike: a tool
 * that touches no page (our list_network_mocks, its list_pages, which answers from what it holds).
 */
async function hops(chromium: string, version: string, port: number): Promise<string> {
  const { client: mine } = await httpClient(port);
  const peer = await startPeer(installPeer(), chromium);
  try {
    await toolText(peer, 'list_pages', {});
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < CALLS; i++)
      for (const [client, name, into] of [
        [mine, 'list_network_mocks', ours],
        [peer, 'list_pages', theirs],
      ] as const) {
        const started = performance.now();
        await toolText(client, name, {});
        into.push(performance.now() - started);
      }
    const cell = (ms: number[]) => `${percentile(ms, 50).toFixed(1)} / ${percentile(ms, 95).toFixed(1)} ms`;
    return `A tool that touches no page, p50 / p95, alternating: ours (HTTP) ${cell(ours)}, chrome-devtools-mcp ${version} (stdio) ${cell(theirs)}`;
  } finally {
    await Promise.all([mine.close(), peer.close()]);
  }
}

async function main(): Promise<void> {
  const stage = await startActStage();
  const { app, port, browser, chromium } = stage;
  try {
    const page = await browser.context.newPage();
    await page.goto(`${app.origin}/`);
    await page.bringToFront();
    const { client } = await httpClient(port);
    await toolText(client, 'take_snapshot', {});
    const rows: [string, number[]][] = [];
    const timed = async (label: string, work: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        await work();
        ms.push(performance.now() - started);
      }
      rows.push([label, ms]);
    };
    await timed('take_snapshot (MCP, whole)', () => toolText(client, 'take_snapshot', {}));
    await timed('list_tabs (MCP hop, no page)', () => toolText(client, 'list_tabs', {}));
    await timed('list_network_mocks (MCP only)', () => toolText(client, 'list_network_mocks', {}));
    // The same call over Playwright's own CDP pipe to this browser: no extension between.
    const pipe = await browser.context.newCDPSession(page);
    await timed('  Accessibility.getFullAXTree, raw CDP pipe', () => pipe.send('Accessibility.getFullAXTree'));
    await pipe.detach();
    // The debugger's idle detach starts again from here.
    await toolText(client, 'take_snapshot', {});
    const stages = (await browser.worker.evaluate(`${WORKER_STAGES}(${CALLS})`)) as Record<string, number[] | number>;
    for (const [label, value] of Object.entries(stages))
      if (Array.isArray(value)) rows.push([`  ${label}`, value]);
      else console.log(`${label}: ${value}`);
    console.log(`\n${'stage'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}   (${CALLS} calls)`);
    for (const [label, ms] of rows)
      console.log(
        `${label.padEnd(40)} ${percentile(ms, 50).toFixed(1).padStart(8)} ${percentile(ms, 95).toFixed(1).padStart(8)}`,
      );
    // With the same client: a second one would be another agent, which may not act in the developer's tab.
    console.log(`\n${await floorAlternating(stage, client, `${app.origin}/`, PEER_VERSION)}`);
    await client.close();
    console.log(`With our browser open: ${await hops(chromium, PEER_VERSION, port)}`);
    await browser.close();
    console.log(`With our browser closed: ${await hops(chromium, PEER_VERSION, port)}`);
  } finally {
    await stage.close();
  }
}

runBench(main);
