/**
 * Page-side cost of capture: the same fixture app in the same Chromium, with our extension (connected to a
 * connector), without it, and watched by chrome-devtools-mcp (the peer, attached to that browser as to a
 * developer's own Chrome), side by side in one run. Ours and the bare page run with no debugger attached
 * (DevTools makes every console call dearer); the peer's capture is that debugger: per workload its time (tasks back to back, so main-thread time
 * for the console and DOM workloads), long tasks and total blocking time, as medians of several rounds. CPU counts
 * from a workload's start to 1 s after its end (its `settled` mark; the next one starts after it), so work a
 * capture defers (batches, the extension's worker, the browser handing messages on) counts with its cause; then
 * the browser process's UI thread during each workload, the cost of one console.log in a tight loop, LCP, and
 * whose code the time goes to (one more round without us and one with us, traced with CPU samples and read by
 * DevTools' trace engine: self time of the console workload by script and function).
 * Usage: npm run bench:page   (BENCH_ROUNDS=7 by default; BENCH_EXTENSION_DIR=another build's
 * dist/browser-extension to measure it instead; BENCH_BASELINE_DIR=another build's dist/browser-extension to
 * measure it too, in a third browser in the same rounds (before/after in one machine state); BENCH_FLOOR=1 measures
 * instead an extension that only listens to chrome.webRequest as ours does (bench/fixtures/floorExtension): the
 * floor any capture by webRequest pays;
 * BENCH_FLOOR=variants measures several such extensions side by side (bench/floorVariants.ts);
 * BENCH_BUILDS=dir,dir measures more builds of ours (changed copies of dist/browser-extension, each connected) beside
 * them, named by folder, to weigh several changes in the same rounds;
 * BENCH_WORKLOADS=fetchWorkload,... runs only those workloads;
 * BENCH_PROFILE=fetchWorkload etc. profiles another workload; BENCH_TRACE_DIR=a folder keeps the two profiled
 * rounds' traces there, to open in DevTools' Performance panel; prints figures, not a test)
 */
import { fork } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Connector } from '../src/connector/connector';
import { PairingBook, pairingsFile } from '../src/connector/trust/pairingBook';
import { chromiumPath, EXTENSION_DIR } from '../test/e2e/support/chromium';
import { until } from '../test/support/until';
import { median } from './median';
import { attachPeer, installPeer, PEER_VERSION } from './chromeDevtoolsMcp';
import { ourCodeCosts, PROFILE_CATEGORIES, PROFILED } from './pageProfile';
import { ACTIVE_WORKLOADS, emptySide, LABELS, report, type Side, type Sides, type Workload } from './pageReport';
import { variantLines, writeVariants } from './floorVariants';
import { launchRaw, type RawBrowser } from '../test/e2e/support/rawCdp';
import { CALL_COST, threadClock, UI_TASKS, uiTaskLines, uiTaskSources, workloadCpu } from './pageThreads';
import { toolText } from './toolText';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const FLOOR_DIR = join(__dirname, 'fixtures', 'floorExtension');
const ONLY = process.env.BENCH_WORKLOADS ? `&only=${process.env.BENCH_WORKLOADS}` : '';

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

/** Opens a tab at a URL and answers how to close it. */
type Opener = (url: string) => Promise<() => Promise<void>>;

/** A tab no debugger attaches to: the page measures itself as a user's page runs. */
const plainTab =
  (browser: RawBrowser): Opener =>
  async (url) => {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url });
    return async () => void (await browser.send('Target.closeTarget', { targetId }));
  };

/**
 * A tab the peer captures: chrome-devtools-mcp attaches to a page (Runtime, Network, Log, its DevTools models)
 * when it is first used, so the blank tab is selected before it loads the app, as an assistant that watches the
 * developer's page has it selected.
 */
const peerTab =
  (browser: RawBrowser, peer: Client): Opener =>
  async (url) => {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const listed = await toolText(peer, 'list_pages', {});
    const pageId = Math.max(...[...listed.matchAll(/^(\d+): /gm)].map((match) => Number(match[1])));
    await toolText(peer, 'select_page', { pageId });
    // Its navigation waits for the page to settle, which the workloads may outlast: the page's own post counts.
    const navigated = toolText(peer, 'navigate_page', { type: 'url', url, pageId }).catch(() => undefined);
    return async () => {
      await navigated;
      await browser.send('Target.closeTarget', { targetId });
    };
  };

/**
 * The profiled round: DevTools' trace engine needs the trace to begin with the page's frame, so its tab is
 * attached (no domain enabled: console calls cost what they cost untraced) and the trace starts from it.
 */
async function profiledRound(browser: RawBrowser, origin: string) {
  const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
  try {
    return await browser.trace(
      PROFILE_CATEGORIES,
      async () => {
        const posted = new Promise<PageResults>((resolve) => results.push(resolve));
        await browser.send('Page.navigate', { url: `${origin}/index.html?run=profile${ONLY}` }, sessionId);
        return posted;
      },
      sessionId,
    );
  } finally {
    await browser.send('Target.closeTarget', { targetId });
  }
}

/** One round: a fresh tab runs every workload on itself and posts its figures. */
async function measure(browser: RawBrowser, open: Opener, origin: string, side: Side, round: number): Promise<void> {
  const categories = ['toplevel', 'blink.user_timing', '__metadata', ...(UI_TASKS ? ['mojom'] : [])];
  const { result: page, events } = await browser.trace(categories, async () => {
    const posted = new Promise<PageResults>((resolve) => results.push(resolve));
    const close = await open(`${origin}/index.html?run=${round}${ONLY}`);
    const page = await posted;
    await close();
    return page;
  });
  const cpu = workloadCpu(events);
  if (UI_TASKS) uiTaskSources(events, UI_TASKS, side);
  side.lcp.push(page.lcp);
  side.callCost.push(page.callCost);
  // The loop's 25,000 calls (5 runs of 5,000) in main-thread CPU, µs a call.
  side.callCpu.push(((cpu.page[CALL_COST] ?? NaN) * 1000) / 25_000);
  for (const workload of ACTIVE_WORKLOADS) {
    const { ms, longTasks, tbt } = page.workloads[workload];
    side.samples[workload].push({
      mainMs: cpu.page[workload] ?? NaN,
      browserMs: cpu.browser[workload] ?? NaN,
      scriptMs: ms,
      longTasks,
      tbtMs: tbt,
    });
  }
}

/** Points our extension's worker at the connector (the popup's port setting) and waits until it is connected. */
async function connect(browser: RawBrowser, port: number): Promise<void> {
  const state = () =>
    browser.evaluateInWorker<{ ready: boolean; connection: string; port?: number }>(
      'chrome-extension://',
      'globalThis.browserDebug.state()',
    );
  await until(async () => (await state().catch(() => undefined))?.ready === true, 15_000, 'extension ready');
  // Paired as Launch Browser pairs it: by the connector's own side (its pairings file), no code typed.
  const pairing = new PairingBook(pairingsFile(), () => 0).add('bench:page');
  await browser.evaluateInWorker(
    'chrome-extension://',
    `chrome.storage.local.set({ pairing: ${JSON.stringify(pairing)} })`,
  );
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
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}: ${JSON.stringify(await state())}`);
  });
}

/** Runs the rounds on the browsers given and prints the tables (and where the console workload's time goes). */
async function measureAll(browsers: Browsers, origin: string, port: number): Promise<void> {
  const { ours, bare, peerBrowser, peer, before, floor } = browsers;
  const sides: Sides = {
    plain: emptySide(),
    ours: emptySide(),
    peer: emptySide(),
    ...(before ? { baseline: emptySide(), baselineName: floor ? 'floor' : 'before' } : {}),
  };
  await connect(ours, port);
  // The floor's extension has no connector to reach.
  if (before && !floor) await connect(before, port);
  for (const [, browser] of browsers.builds) await connect(browser, port);
  const runs: [RawBrowser, Opener, Side][] = [
    [ours, plainTab(ours), sides.ours],
    [bare, plainTab(bare), sides.plain],
    [peerBrowser, peerTab(peerBrowser, peer), sides.peer],
  ];
  if (before) runs.push([before, plainTab(before), sides.baseline!]);
  const variants = [...browsers.variants, ...browsers.builds].map(
    ([name, browser]) => [name, browser, emptySide()] as const,
  );
  for (const [, browser, side] of variants) runs.push([browser, plainTab(browser), side]);
  for (let i = 0; i < ROUNDS; i++) {
    // Rotate which side goes first, so drift on a shared machine hits all alike.
    for (let j = 0; j < runs.length; j++) {
      const [browser, open, side] = runs[(i + j) % runs.length]!;
      await measure(browser, open, origin, side, i);
    }
    process.stdout.write('.');
  }
  console.log(`\n\nPage-side cost of capture, medians of ${ROUNDS} rounds (same Chromium, same app, one run)\n`);
  if (floor) console.log(`Floor (${FLOOR_DIR}: webRequest listeners that do nothing) → this build, main thread:\n`);
  else if (before)
    console.log(`Before (BENCH_BASELINE_DIR=${process.env.BENCH_BASELINE_DIR}) → this build, main thread:\n`);
  for (const line of report(sides, `chrome-devtools-mcp ${PEER_VERSION}`, threadClock)) console.log(line);
  if (variants.length)
    for (const line of variantLines(
      variants.map(([n, , s]) => [n, s]),
      sides,
    ))
      console.log(line);
  if (UI_TASKS)
    uiTaskLines(ROUNDS, [
      ['without', sides.plain],
      ['ours', sides.ours],
      ...(sides.baseline ? [[sides.baselineName ?? 'before', sides.baseline] as [string, Side]] : []),
      ...variants.map(([n, , s]) => [n, s] as [string, Side]),
    ]).forEach((line) => console.log(line));
  if (!ACTIVE_WORKLOADS.includes(PROFILED as Workload)) return;
  console.log(
    `\nWhere "${LABELS[PROFILED as Workload] ?? PROFILED}" spends its main thread, without and with the extension (one round each traced with CPU samples, read by DevTools' trace engine):`,
  );
  const traced = { ours: await profiledRound(ours, origin), bare: await profiledRound(bare, origin) };
  if (process.env.BENCH_TRACE_DIR)
    for (const [name, { events }] of Object.entries(traced))
      writeFileSync(join(process.env.BENCH_TRACE_DIR, `${PROFILED}-${name}.json`), JSON.stringify(events));
  for (const line of await ourCodeCosts(traced.ours.events, traced.bare.events)) console.log(line);
  console.log(
    `  (console.log in a tight loop in these rounds: ${traced.bare.result.callCost.toFixed(2)} µs without, ${traced.ours.result.callCost.toFixed(2)} µs with ours; untraced ${median(sides.plain.callCost).toFixed(2)} and ${median(sides.ours.callCost).toFixed(2)} µs)`,
  );
}

interface Browsers {
  ours: RawBrowser;
  bare: RawBrowser;
  peerBrowser: RawBrowser;
  peer: Client;
  before?: RawBrowser;
  /** `before` is the floor extension, not a build of ours. */
  floor?: boolean;
  /** BENCH_FLOOR=variants: floor extensions with different listener sets, by name. */
  variants: [string, RawBrowser][];
  /** BENCH_BUILDS: other builds of our extension, connected as ours is, by folder name. */
  builds: [string, RawBrowser][];
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  // Everything started is stopped, even when a later start fails (the peer's install, say).
  const started: { close(): Promise<unknown> }[] = [];
  const start = async <T extends { close(): Promise<unknown> }>(thing: Promise<T>): Promise<T> => {
    const done = await thing;
    started.unshift(done);
    return done;
  };
  const withExtension = (dir: string) =>
    start(launchRaw(executablePath, [`--load-extension=${dir}`, `--disable-extensions-except=${dir}`]));
  try {
    const connector = await start(Connector.start({ port: 0 }).then((c) => ({ port: c.port, close: () => c.stop() })));
    const app = await start(startApp());
    // BENCH_EXTENSION_DIR: another build of the extension (e.g. an older commit's), to compare before and after.
    const ours = await withExtension(process.env.BENCH_EXTENSION_DIR ?? EXTENSION_DIR);
    const bare = await start(launchRaw(executablePath));
    const peerBrowser = await start(launchRaw(executablePath));
    const peer = await start(attachPeer(installPeer(), peerBrowser.endpoint));
    const floor = process.env.BENCH_FLOOR === '1';
    const variants: [string, RawBrowser][] = [];
    if (process.env.BENCH_FLOOR === 'variants')
      for (const [name, dir] of writeVariants(FLOOR_DIR)) {
        // Its folder goes after its browser (closed in reverse order of start).
        await start(Promise.resolve({ close: async () => rmSync(dir, { recursive: true, force: true }) }));
        variants.push([name, await withExtension(dir)]);
      }
    const builds: [string, RawBrowser][] = [];
    for (const dir of (process.env.BENCH_BUILDS ?? '').split(',').filter(Boolean))
      builds.push([basename(dir), await withExtension(dir)]);
    const baselineDir = floor ? FLOOR_DIR : process.env.BENCH_BASELINE_DIR;
    const before = baselineDir ? await withExtension(baselineDir) : undefined;
    await measureAll({ ours, bare, peerBrowser, peer, before, floor, variants, builds }, app.origin, connector.port);
  } finally {
    for (const thing of started) await thing.close().catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
