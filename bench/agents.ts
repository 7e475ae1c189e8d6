/**
 * Many agents, one Chrome (issue 32): the shop flow (sign in, add to cart, check out, confirm) run by 1, 2, 4
 * and 8 MCP clients at once, each in its own tab, in one run. Prints each flow's wall time, p95 per call, and
 * the speed-up against one agent. Beside it chrome-devtools-mcp, one client (process) per page attached to
 * one shared Chromium, on the same flow. Ours: the standalone connector (dist/cli.js) and Chromium with our
 * extension, the developer's own tab active throughout.
 * Usage: npm run bench:agents   (prints figures; not a test). BENCH_AGENTS sets the counts (default 1,2,4,8);
 * BENCH_AGENTS_PEER=0 skips the peer, BENCH_AGENTS_OURS=0 ours. With 1 and 4 among the counts it prints CPU time per
 * process and thread and the CPU floor (cpuReport.ts); BENCH_AGENTS_RENICE=1 (root) runs ours again with hidden tabs'
 * renderers held at nice 0 (renice.ts).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startActApp, type ActAppServer } from '../test/e2e/support/actAppServer';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { freePortRun } from '../test/support/ports';
import { attachPeer, installPeer, peerUid, PEER_VERSION } from './chromeDevtoolsMcp';
import { runBench, startConnector } from './connectorProcess';
import { launchRaw } from './rawCdp';
import { toolText } from './toolText';
import { callerHeaders } from '../test/support/callerSecret';
import { load1, roundCpu, watchCpu, type CpuWatch, type RoundCpu } from './cpuSampler';
import { reportCpu } from './cpuReport';
import { holdNiceZero, mayRenice } from './renice';

const STEPS = ['open', 'snapshot', 'fill', 'sign-in', 'add', 'navigate', 'snapshot', 'order', 'wait'];
const COUNTS = (process.env.BENCH_AGENTS ?? '1,2,4,8').split(',').map(Number);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** One side's way to run the flow's steps with one client. */
interface Flow {
  open(url: string): Promise<void>;
  snapshot(): Promise<string>;
  ref(snapshot: string, pattern: RegExp): string;
  click(ref: string): Promise<void>;
  fill(ref: string, value: string): Promise<void>;
  navigate(url: string): Promise<void>;
  waitFor(text: string): Promise<void>;
}

/** The shop flow, each call timed: open a tab, sign in, add to cart, check out, confirm the order. */
async function shopFlow(flow: Flow, app: ActAppServer, marker: string): Promise<{ wallMs: number; callMs: number[] }> {
  const callMs: number[] = [];
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    callMs.push(performance.now() - started);
    return result;
  };
  // The steps, in order: new tab, snapshot, fill, sign in, add, navigate, snapshot, place order, wait.
  const started = performance.now();
  await timed(() => flow.open(`${app.origin}/?${marker}`));
  const shop = await timed(() => flow.snapshot());
  await timed(() => flow.fill(flow.ref(shop, /textbox "Email"/), `${marker}@shop.test`));
  await timed(() => flow.click(flow.ref(shop, /button "Sign in"/)));
  await timed(() => flow.click(flow.ref(shop, /button "Add to cart"/)));
  await timed(() => flow.navigate(`${app.origin}/checkout.html?${marker}`));
  const checkout = await timed(() => flow.snapshot());
  await timed(() => flow.click(flow.ref(checkout, /button "Place order"/)));
  await timed(() => flow.waitFor('placed'));
  return { wallMs: performance.now() - started, callMs };
}

function ours(client: Client): Flow {
  return {
    open: async (url) => void (await toolText(client, 'new_tab', { url })),
    snapshot: () => toolText(client, 'take_snapshot', {}),
    ref: (snapshot, pattern) => {
      const ref = snapshot
        .split('\n')
        .find((line) => pattern.test(line))
        ?.match(/^\s*(e\d+) /)?.[1];
      if (!ref) throw new Error(`Browser Debug: no ref for ${pattern} in\n${snapshot.slice(0, 1500)}`);
      return ref;
    },
    click: async (ref) => void (await toolText(client, 'click', { ref })),
    fill: async (ref, value) => void (await toolText(client, 'fill', { ref, value })),
    navigate: async (url) => void (await toolText(client, 'navigate_to_url', { url })),
    waitFor: async (text) => void (await toolText(client, 'wait_for', { text })),
  };
}

function theirs(client: Client): Flow {
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

interface Round {
  agents: number;
  /** From the first call of any flow to the end of the last flow. */
  allMs: number;
  flows: number[];
  calls: number[];
  /** CPU ms per kind of process during the round (ours only). */
  cpu?: RoundCpu;
  /** The 1-minute load average when the round started and ended. */
  load: [number, number];
}

/** `count` flows at once, one per client; clients are made (and their sessions opened) before the clock starts. */
async function round(
  count: number,
  connect: () => Promise<{ flow: Flow; close(): Promise<void> }>,
  app: ActAppServer,
  side: string,
  watch?: CpuWatch,
): Promise<Round> {
  const clients = await Promise.all(Array.from({ length: count }, connect));
  const before = watch?.snapshot();
  const loadStart = load1();
  const started = performance.now();
  const settled = await Promise.allSettled(clients.map(({ flow }, i) => shopFlow(flow, app, `${side}-${count}-${i}`)));
  const allMs = performance.now() - started;
  // Before the sessions end: their tabs' renderers exit then, and their CPU time with them.
  const cpu = before && roundCpu(before, watch!.snapshot());
  const load: [number, number] = [loadStart, load1()];
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const results = settled.map(
    (result) => (result as PromiseFulfilledResult<{ wallMs: number; callMs: number[] }>).value,
  );
  return {
    agents: count,
    allMs,
    flows: results.map((result) => result.wallMs),
    calls: results.flatMap((result) => result.callMs),
    cpu,
    load,
  };
}

function report(label: string, rounds: Round[]): void {
  const one = rounds.find((entry) => entry.agents === 1);
  console.log(`\n${label}`);
  console.log(
    `${'agents'.padStart(6)} ${'all flows'.padStart(10)} ${'flow p50'.padStart(9)} ${'flow max'.padStart(9)} ${'call p50'.padStart(9)} ${'call p95'.padStart(9)} ${'× 1 flow'.padStart(9)} ${'speed-up'.padStart(9)}`,
  );
  for (const entry of rounds) {
    const ratio = one ? entry.allMs / one.allMs : Number.NaN;
    const load = `load ${entry.load[0].toFixed(1)}→${entry.load[1].toFixed(1)}`;
    const speedUp = one ? (entry.agents * one.allMs) / entry.allMs : Number.NaN;
    console.log(
      `${String(entry.agents).padStart(6)} ${`${entry.allMs.toFixed(0)} ms`.padStart(10)} ${`${percentile(entry.flows, 50).toFixed(0)} ms`.padStart(9)} ${`${Math.max(...entry.flows).toFixed(0)} ms`.padStart(9)} ${`${percentile(entry.calls, 50).toFixed(0)} ms`.padStart(9)} ${`${percentile(entry.calls, 95).toFixed(0)} ms`.padStart(9)} ${ratio.toFixed(2).padStart(8)}× ${speedUp.toFixed(2).padStart(8)}×  ${load}`,
    );
  }
  const perStep = (entry: Round) =>
    STEPS.map(
      (step, i) =>
        `${step} ${percentile(
          entry.calls.filter((_, n) => n % STEPS.length === i),
          50,
        ).toFixed(0)}`,
    );
  for (const entry of [one, rounds.at(-1)])
    if (entry) console.log(`  step p50 (ms) at ${entry.agents}: ${perStep(entry).join(', ')}`);
  const four = rounds.find((entry) => entry.agents === 4);
  if (one?.cpu && four?.cpu) reportCpu(one, four);
  if (one && four)
    console.log(
      `\nTargets: 4 agents ≤ 1.5× one flow's time: ${(four.allMs / one.allMs).toFixed(2)}× (${four.allMs <= 1.5 * one.allMs ? 'met' : 'MISSED'}); p95 per call at 4 ≤ 2× one agent's: ${(percentile(four.calls, 95) / percentile(one.calls, 95)).toFixed(2)}× (${percentile(four.calls, 95) <= 2 * percentile(one.calls, 95) ? 'met' : 'MISSED'}).`,
    );
}

/** Ours, and (BENCH_AGENTS_RENICE=1, as root) ours again with Chromium's hidden-tab priority lifted. */
async function oursRounds(chromium: string, app: ActAppServer): Promise<{ rounds: Round[]; reniced?: Round[] }> {
  const port = await freePortRun(1);
  const connector = await startConnector(port);
  const browser = await launchWithExtension(chromium);
  try {
    await connectExtension(browser.worker, port);
    const human = await browser.context.newPage();
    await human.goto(`${app.origin}/?human`);
    await human.bringToFront();
    const watch = watchCpu(connector.pid, browser.profile);
    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: callerHeaders() },
      });
      const client = new Client({ name: 'Bench', version: '1' });
      await client.connect(transport);
      // DELETE: the session ends and its tab closes.
      return { flow: ours(client), close: () => transport.terminateSession().then(() => client.close()) };
    };
    await round(1, connect, app, 'warm');
    const rounds: Round[] = [];
    for (const count of COUNTS) rounds.push(await round(count, connect, app, 'ours', watch));
    if (process.env.BENCH_AGENTS_RENICE !== '1') return { rounds };
    if (!mayRenice()) return (console.log('\nBENCH_AGENTS_RENICE needs root on Linux: skipped.'), { rounds });
    const stop = holdNiceZero(watch);
    try {
      const reniced: Round[] = [];
      for (const count of COUNTS) reniced.push(await round(count, connect, app, 'nice0', watch));
      return { rounds, reniced };
    } finally {
      stop();
    }
  } finally {
    await browser.close();
    connector.kill();
  }
}

async function peerRounds(chromium: string, app: ActAppServer): Promise<Round[]> {
  const bin = installPeer();
  const browser = await launchRaw(chromium);
  try {
    const connect = async () => {
      // Each client works on the page it opened (its selected page), as one agent per page would.
      const client = await attachPeer(bin, browser.endpoint, process.execPath, ['--no-page-id-routing']);
      return { flow: theirs(client), close: () => client.close() };
    };
    await round(1, connect, app, 'warm');
    const rounds: Round[] = [];
    for (const count of COUNTS)
      try {
        rounds.push(await round(count, connect, app, 'peer'));
      } catch (error) {
        // A client whose flow failed is left running; the round is reported as failed, the next one goes on.
        console.log(`chrome-devtools-mcp, ${count} at once: a flow failed (${(error as Error).message.slice(0, 200)})`);
      }
    return rounds;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const app = await startActApp();
  try {
    if (process.env.BENCH_AGENTS_OURS !== '0') {
      const { rounds, reniced } = await oursRounds(chromium, app);
      report('Browser Debug: one Chrome with our extension, one MCP session (agent) per tab', rounds);
      if (reniced)
        report('Browser Debug again, every Chromium process held at nice ≤ 0 (hidden tabs run at 5)', reniced);
    }
    if (process.env.BENCH_AGENTS_PEER !== '0') {
      const peer = await peerRounds(chromium, app).catch((error: Error) => {
        console.log(`\nchrome-devtools-mcp ${PEER_VERSION}: could not run the flow (${error.message.slice(0, 300)})`);
        return undefined;
      });
      if (peer) report(`chrome-devtools-mcp ${PEER_VERSION}: one client process per page, one shared Chromium`, peer);
    }
    console.log('\nA shared 2-core machine: figures are noisy; compare within one run.');
  } finally {
    await app.close();
  }
}

runBench(main);
