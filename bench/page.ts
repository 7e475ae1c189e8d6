/**
 * Page-side cost of capture: the same fixture app in the same Chromium, with our extension (connected to a
 * connector) and without it, side by side in one run. The page measures itself with no debugger attached
 * (DevTools makes every console call dearer): per workload its time (tasks back to back, so main-thread time
 * for the console and DOM workloads), long tasks and total blocking time, as medians of several rounds; then
 * the cost of one console.log in a tight loop, LCP, and which of our scripts the time goes to (a CPU profile of
 * the console workload, self time by script: the one figure taken with a debugger attached).
 * Usage: npm run bench:page   (BENCH_ROUNDS=7 by default; prints figures, not a test)
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { Connector } from '../src/connector/connector';
import { chromiumPath, EXTENSION_DIR } from '../test/e2e/support/chromium';
import { until } from '../test/support/until';
import { launchRaw, type RawBrowser } from './rawCdp';
import { listenOnLoopback, sendFixtureFile } from '../test/support/staticFiles';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WORKLOADS = ['consoleWorkload', 'fetchWorkload', 'socketWorkload', 'domWorkload'] as const;
type Workload = (typeof WORKLOADS)[number];
const LABELS: Record<Workload, string> = {
  consoleWorkload: '10,000 console.log with objects',
  fetchWorkload: '500 fetches',
  socketWorkload: '200 WebSocket messages',
  domWorkload: 'DOM: 1,000-item list, 5 updates',
};

interface Sample {
  scriptMs: number;
  longTasks: number;
  tbtMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface PageResults {
  lcp: number;
  callCost: number;
  workloads: Record<Workload, { ms: number; longTasks: number; tbt: number }>;
}

/** Whoever waits for the next page's results, first come first served (one page runs at a time). */
const results: ((value: PageResults) => void)[] = [];

async function startApp(): Promise<{ origin: string; close(): Promise<void> }> {
  const dir = join(__dirname, 'fixtures/pageCost');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    if (url.pathname === '/results') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.end('ok');
        results.shift()?.(JSON.parse(body) as PageResults);
      });
      return;
    }
    if (url.pathname === '/api/item') {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ id: Number(url.searchParams.get('i')), name: 'item', tags: ['a', 'b'] }));
    }
    sendFixtureFile(res, dir, url.pathname);
  });
  const sockets = new WebSocketServer({ server, path: '/echo' });
  sockets.on('connection', (socket) => socket.on('message', (data, binary) => socket.send(data, { binary })));
  const listening = await listenOnLoopback(server);
  return { origin: listening.origin, close: () => (sockets.close(), listening.close()) };
}

interface Side {
  lcp: number[];
  samples: Record<Workload, Sample[]>;
  callCost: number[];
}

/** One round: a fresh tab runs every workload on itself, with no debugger attached, and posts its figures. */
async function measure(browser: RawBrowser, origin: string, side: Side, round: number): Promise<void> {
  const posted = new Promise<PageResults>((resolve) => results.push(resolve));
  const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', {
    url: `${origin}/index.html?run=${round}`,
  });
  const page = await posted;
  await browser.send('Target.closeTarget', { targetId });
  side.lcp.push(page.lcp);
  side.callCost.push(page.callCost);
  for (const workload of WORKLOADS) {
    const { ms, longTasks, tbt } = page.workloads[workload];
    side.samples[workload].push({ scriptMs: ms, longTasks, tbtMs: tbt });
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** Self time of the console workload by script, with the extension: which of our code costs what. */
async function profileOurCode(browser: RawBrowser, origin: string): Promise<string[]> {
  const page = await browser.open(`${origin}/index.html`);
  await browser.send('Profiler.enable', {}, page.sessionId);
  await browser.send('Profiler.setSamplingInterval', { interval: 100 }, page.sessionId);
  await browser.send('Profiler.start', {}, page.sessionId);
  await page.evaluate('consoleWorkload()');
  const { profile } = await browser.send<{
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  }>('Profiler.stop', {}, page.sessionId);
  await page.close();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const delta = profile.timeDeltas[i]! / 1000;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    total += delta;
    const script = frame.url.startsWith('chrome-extension://')
      ? `ours: ${frame.url.split('/').slice(3).join('/')}`
      : frame.url
        ? 'the page'
        : 'native/V8';
    const key = `${script} › ${frame.functionName || '(anonymous)'}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([key, ms]) => `  ${fmt(ms)} ms  ${key}`)
    .concat(`  (${fmt(total)} ms busy in all)`);
}

const emptySide = (): Side => ({
  lcp: [],
  callCost: [],
  samples: Object.fromEntries(WORKLOADS.map((workload) => [workload, []])) as unknown as Record<Workload, Sample[]>,
});

/** Points our extension's worker at the connector (the popup's port setting) and waits until it is connected. */
async function connect(browser: RawBrowser, port: number): Promise<void> {
  const state = () =>
    browser.evaluateInWorker<{ ready: boolean; connection: string; port?: number }>(
      'chrome-extension://',
      'globalThis.browserDebug.state()',
    );
  await until(async () => (await state().catch(() => undefined))?.ready === true, 15_000, 'extension ready');
  await browser.evaluateInWorker(
    'chrome-extension://',
    `chrome.storage.local.set({ settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: ${port} } })`,
  );
  await until(
    async () => {
      const now = await state();
      return now.connection === 'connected' && now.port === port;
    },
    15_000,
    'extension connected',
  );
}

function row(workload: Workload, plain: Sample[], ours: Sample[]): string {
  const [a, b] = [median(plain.map((s) => s.scriptMs)), median(ours.map((s) => s.scriptMs))];
  const tasks = `${median(plain.map((s) => s.longTasks))} / ${median(ours.map((s) => s.longTasks))}`;
  const tbt = `${fmt(median(plain.map((s) => s.tbtMs)))} / ${fmt(median(ours.map((s) => s.tbtMs)))} ms`;
  return `| ${LABELS[workload]} | ${fmt(a)} ms | ${fmt(b)} ms | ${fmt(((b - a) / a) * 100)}% | ${tasks} | ${tbt} |`;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const connector = await Connector.start({ port: 0 });
  const app = await startApp();
  const ours = await launchRaw(executablePath, [
    `--load-extension=${EXTENSION_DIR}`,
    `--disable-extensions-except=${EXTENSION_DIR}`,
  ]);
  const bare = await launchRaw(executablePath);
  const withExtension = emptySide();
  const plain = emptySide();
  try {
    await connect(ours, connector.port);
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which side goes first, so drift on a shared machine hits both alike.
      if (i % 2) {
        await measure(bare, app.origin, plain, i);
        await measure(ours, app.origin, withExtension, i);
      } else {
        await measure(ours, app.origin, withExtension, i);
        await measure(bare, app.origin, plain, i);
      }
      process.stdout.write('.');
    }
    console.log(`\n\nPage-side cost of capture, medians of ${ROUNDS} rounds (same Chromium, same app, one run)\n`);
    console.log(
      '| Workload | Time without | with extension | Added | Long tasks without / with | TBT without / with |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const workload of WORKLOADS)
      console.log(row(workload, plain.samples[workload], withExtension.samples[workload]));
    const [ca, cb] = [median(plain.callCost), median(withExtension.callCost)];
    console.log(
      `\nconsole.log in a tight loop: ${fmt(ca, 2)} µs native, ${fmt(cb, 2)} µs captured: ${fmt(cb / ca, 2)}× (target ≤ 2×)`,
    );
    console.log(
      `LCP of the app: ${fmt(median(plain.lcp), 0)} ms without, ${fmt(median(withExtension.lcp), 0)} ms with`,
    );
    console.log('\nWhere the console workload spends its time with the extension (CPU profile, self time):');
    for (const line of await profileOurCode(ours, app.origin)) console.log(line);
  } finally {
    await bare.close();
    await ours.close();
    await app.close();
    await connector.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
