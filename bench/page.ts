/**
 * Page-side cost of capture: the same fixture app in the same Chromium, with our extension (connected to a
 * connector) and without it, side by side in one run. The page measures itself with no debugger attached
 * (DevTools makes every console call dearer): per workload its time (tasks back to back, so main-thread time
 * for the console and DOM workloads), long tasks and total blocking time, as medians of several rounds; then
 * the cost of one console.log in a tight loop, LCP, and which of our scripts the time goes to (a CPU profile of
 * the console workload, self time by script: the one figure taken with a debugger attached).
 * Usage: npm run bench:page   (BENCH_ROUNDS=7 by default; BENCH_EXTENSION_DIR=another build's
 * dist/browser-extension to measure it instead; BENCH_BASELINE_DIR=another build's dist/browser-extension to
 * measure it too, in a third browser in the same rounds (before/after in one machine state);
 * BENCH_PROFILE=fetchWorkload etc. profiles another workload; prints figures, not a test)
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { Connector } from '../src/connector/connector';
import { chromiumPath, EXTENSION_DIR } from '../test/e2e/support/chromium';
import { until } from '../test/support/until';
import { profileOurCode, PROFILED } from './pageProfile';
import { launchRaw, type RawBrowser, type TraceEvent } from './rawCdp';
import { median } from './median';

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
  /** The page's main thread's CPU time in its tasks (from the trace) while the workload ran. */
  mainMs: number;
  /** Wall time of the workload, as the page measured it. */
  scriptMs: number;
  longTasks: number;
  tbtMs: number;
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface PageResults {
  lcp: number;
  callCost: number;
  workloads: Record<Workload, { ms: number; longTasks: number; tbt: number }>;
}

/** Whoever waits for the next page's results, first come first served (one page runs at a time). */
const results: ((value: PageResults) => void)[] = [];

/** The app's server runs in its own process (bench/pageApp.ts), apart from the connector. */
async function startApp(): Promise<{ origin: string; close(): Promise<void> }> {
  const child = fork(join(__dirname, 'pageApp.ts'), [], { execArgv: ['--import', 'tsx'] });
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the app's server exited (${code})`)));
    child.on('message', (message: { origin?: string; results?: PageResults }) => {
      if (message.origin) resolve(message.origin);
      if (message.results) results.shift()?.(message.results);
    });
  });
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

interface Side {
  lcp: number[];
  samples: Record<Workload, Sample[]>;
  callCost: number[];
  callCpu: number[];
}

/**
 * Main-thread CPU time of each workload: the page's tasks (trace category `toplevel`) on the thread that made
 * the workload's marks, between its start and end marks. Wall time alone counts every process on a
 * shared machine (the extension's worker, the connector, the app's server) as the page's.
 */
/** Tasks counted with their thread time, and without it (then their wall time was counted). */
const clock = { thread: 0, wall: 0 };

/** The tight loop's marks, beside the workloads'. */
const CALL_COST = 'callCost';

function mainThreadTimes(events: TraceEvent[]): Partial<Record<Workload | typeof CALL_COST, number>> {
  const times: Partial<Record<Workload | typeof CALL_COST, number>> = {};
  for (const workload of [...WORKLOADS, CALL_COST] as const) {
    const start = events.find((event) => event.name === `bd:${workload}:start`);
    const end = events.find((event) => event.name === `bd:${workload}:end`);
    if (!start || !end) continue;
    const tasks = events
      .filter(
        (event) =>
          event.pid === start.pid &&
          event.tid === start.tid &&
          event.ph === 'X' &&
          event.cat.split(',').includes('toplevel') &&
          event.ts + (event.dur ?? 0) > start.ts &&
          event.ts < end.ts,
      )
      .sort((a, b) => a.ts - b.ts);
    let busy = 0;
    let until = start.ts;
    for (const task of tasks) {
      // Nested top-level slices are counted once; the first and last are cut at the marks. A task's thread
      // time (CPU) is counted where the trace has it: on a loaded machine its wall time also holds the time
      // other processes had the core.
      const from = Math.max(task.ts, until);
      const to = Math.min(task.ts + (task.dur ?? 0), end.ts);
      if (to > from) busy += ((to - from) * (task.tdur ?? task.dur ?? 0)) / (task.dur || 1);
      clock[task.tdur === undefined ? 'wall' : 'thread']++;
      until = Math.max(until, to);
    }
    times[workload] = busy / 1000;
  }
  return times;
}

/** One round: a fresh tab runs every workload on itself, with no debugger attached, and posts its figures. */
async function measure(browser: RawBrowser, origin: string, side: Side, round: number): Promise<void> {
  const { result: page, events } = await browser.trace(['toplevel', 'blink.user_timing'], async () => {
    const posted = new Promise<PageResults>((resolve) => results.push(resolve));
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', {
      url: `${origin}/index.html?run=${round}`,
    });
    const page = await posted;
    await browser.send('Target.closeTarget', { targetId });
    return page;
  });
  const main = mainThreadTimes(events);
  side.lcp.push(page.lcp);
  side.callCost.push(page.callCost);
  // The loop's 25,000 calls (5 runs of 5,000) in main-thread CPU, µs a call.
  side.callCpu.push(((main[CALL_COST] ?? NaN) * 1000) / 25_000);
  for (const workload of WORKLOADS) {
    const { ms, longTasks, tbt } = page.workloads[workload];
    side.samples[workload].push({ mainMs: main[workload] ?? NaN, scriptMs: ms, longTasks, tbtMs: tbt });
  }
}

const emptySide = (): Side => ({
  lcp: [],
  callCost: [],
  callCpu: [],
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

/** Added main-thread time of another build (BENCH_BASELINE_DIR) in the same rounds: `before → `. */
function baselineCell(workload: Workload, plain: Sample[], baseline: Side | undefined): string {
  if (!baseline) return '';
  const [a, b] = [median(plain.map((s) => s.mainMs)), median(baseline.samples[workload].map((s) => s.mainMs))];
  return `${fmt(b)} ms (${fmt(((b - a) / a) * 100)}%) → `;
}

function row(workload: Workload, plain: Sample[], ours: Sample[], baseline?: Side): string {
  const [a, b] = [median(plain.map((s) => s.mainMs)), median(ours.map((s) => s.mainMs))];
  const [wa, wb] = [median(plain.map((s) => s.scriptMs)), median(ours.map((s) => s.scriptMs))];
  const beforeTasks = baseline ? `${median(baseline.samples[workload].map((s) => s.longTasks))} → ` : '';
  const tasks = `${median(plain.map((s) => s.longTasks))} / ${beforeTasks}${median(ours.map((s) => s.longTasks))}`;
  const tbt = `${fmt(median(plain.map((s) => s.tbtMs)))} / ${fmt(median(ours.map((s) => s.tbtMs)))} ms`;
  const wall = `${fmt(wa)} / ${fmt(wb)} ms (${fmt(((wb - wa) / wa) * 100)}%)`;
  const before = baselineCell(workload, plain, baseline);
  return `| ${LABELS[workload]} | ${fmt(a)} ms | ${before}${fmt(b)} ms | ${fmt(((b - a) / a) * 100)}% | ${wall} | ${tasks} | ${tbt} |`;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const connector = await Connector.start({ port: 0 });
  const app = await startApp();
  // BENCH_EXTENSION_DIR: another build of the extension (e.g. an older commit's), to compare before and after.
  const extension = process.env.BENCH_EXTENSION_DIR ?? EXTENSION_DIR;
  const ours = await launchRaw(executablePath, [
    `--load-extension=${extension}`,
    `--disable-extensions-except=${extension}`,
  ]);
  const bare = await launchRaw(executablePath);
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const before = baselineDir
    ? await launchRaw(executablePath, [`--load-extension=${baselineDir}`, `--disable-extensions-except=${baselineDir}`])
    : undefined;
  const withExtension = emptySide();
  const plain = emptySide();
  const baseline = before ? emptySide() : undefined;
  try {
    await connect(ours, connector.port);
    if (before) await connect(before, connector.port);
    const sides: [RawBrowser, Side][] = [
      [ours, withExtension],
      [bare, plain],
    ];
    if (before && baseline) sides.push([before, baseline]);
    for (let i = 0; i < ROUNDS; i++) {
      // Rotate which side goes first, so drift on a shared machine hits all alike.
      for (let j = 0; j < sides.length; j++) {
        const [browser, side] = sides[(i + j) % sides.length]!;
        await measure(browser, app.origin, side, i);
      }
      process.stdout.write('.');
    }
    console.log(`\n\nPage-side cost of capture, medians of ${ROUNDS} rounds (same Chromium, same app, one run)\n`);
    if (baseline) console.log(`Before (BENCH_BASELINE_DIR=${baselineDir}) → this build, main thread:\n`);
    console.log(
      '| Workload | Main thread without | with extension | Added | Wall time without / with | Long tasks without / with | TBT without / with |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const workload of WORKLOADS)
      console.log(row(workload, plain.samples[workload], withExtension.samples[workload], baseline));
    console.log(
      `\nMain thread: CPU time of the page's tasks between each workload's marks (the trace's thread clock; ` +
        `${clock.wall} of ${clock.thread + clock.wall} tasks had none, and count their wall time).`,
    );
    const [ca, cb] = [median(plain.callCost), median(withExtension.callCost)];
    const beforeCost = baseline
      ? `before ${fmt(median(baseline.callCost), 2)} µs (${fmt(median(baseline.callCost) / ca, 2)}×), `
      : '';
    console.log(
      `\nconsole.log in a tight loop: ${fmt(ca, 2)} µs native, ${beforeCost}${fmt(cb, 2)} µs captured: ${fmt(cb / ca, 2)}× (target ≤ 2×)`,
    );
    // The same loop in the page's main-thread CPU: the wall time above also counts our worker and the
    // connector taking the core from the page while they take in its captures.
    const [pa, pb] = [median(plain.callCpu), median(withExtension.callCpu)];
    const beforeCpu = baseline
      ? `before ${fmt(median(baseline.callCpu), 2)} µs (${fmt(median(baseline.callCpu) / pa, 2)}×), `
      : '';
    console.log(
      `  in main-thread CPU: ${fmt(pa, 2)} µs native, ${beforeCpu}${fmt(pb, 2)} µs captured: ${fmt(pb / pa, 2)}×`,
    );
    console.log(
      `LCP of the app: ${fmt(median(plain.lcp), 0)} ms without, ${fmt(median(withExtension.lcp), 0)} ms with`,
    );
    console.log(
      `\nWhere "${LABELS[PROFILED as Workload] ?? PROFILED}" spends its time with the extension (CPU profile, self time):`,
    );
    for (const line of await profileOurCode(ours, app.origin)) console.log(line);
  } finally {
    await bare.close();
    await before?.close();
    await ours.close();
    await app.close();
    await connector.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
