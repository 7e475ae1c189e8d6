/**
 * Leak-check benchmark: find_leaks' phases for 5 iterations on the leaky panel fixture and on the Vite React
 * app, RUNS times each (medians); then, on the same tab and heap, our snapshot client against a bare
 * WebSocket client (Chrome's own floor); then our analysis of the last run's three snapshots against
 * MemLab's own findLeaksBySnapshotFilePaths on the same files, alternating. Prints the load average: on a
 * shared machine every timing is relative to it.
 * Usage: npm run bench:leaks [-- --fixture-only]   (prints figures; not a test)
 *   BENCH_LEAKS_KEEP=<folder> keeps each case's last three snapshots there (`<case>-baseline.heapsnapshot`…);
 *   `-- --files <folder>` then compares the analyses alone on them, with no browser.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../src/connector/connector';
import type { HeapFiles } from '../src/connector/leaks/heapDiff';
import type { LeakPhases, LeakReport } from '../src/shared/leaks';
import { chromiumPath, connectExtension, EXTENSION_DIR, launchWithExtension } from '../test/e2e/support/chromium';
import { startApp } from '../test/e2e/support/devApps';
import { startFixtureServer } from '../test/e2e/support/fixtureServer';
import { leakyReactApp } from '../test/e2e/support/leakApps';
import { openCloseFlow } from '../test/e2e/support/leakRig';
import { post } from '../test/support/http';
import { memlabCold, memlabWarm, ours, type AnalysisRun } from './leakAnalysisRuns';
import { bareSnapshot, ourSnapshot, pageTarget, type SnapshotTiming } from './leakTransfer';
import { median } from './median';

const RUNS = Number(process.env.LEAK_BENCH_RUNS ?? 3);
const ROUNDS = 3;
const MB = 1024 * 1024;

const keptFile = (folder: string, name: string, which: string) =>
  join(folder, `${name.replace(/\W+/g, '-')}-${which}.heapsnapshot`);
const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`;
const rate = (bytes: number, ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(1)} MB/s`;
const mid = (values: number[]) => median(values).toFixed(0).padStart(6);

interface Case {
  name: string;
  url: string;
  flow: object;
}

/** find_leaks RUNS times: per-phase medians; the last run's snapshots are kept for the analysis rounds. */
async function verdicts(port: number, test: Case): Promise<HeapFiles> {
  const imported = await post(port, '/recordings/import', { flow: test.flow });
  const runs: (LeakPhases & { wholeMs: number })[] = [];
  let last: LeakReport | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const answer = await post(port, `/recordings/${imported.json.id as string}/leaks`, { iterations: 5, keep: true });
    if (answer.status !== 200) throw new Error(`${test.name}: ${answer.text}`);
    last = answer.json as LeakReport;
    runs.push({ ...last.phases, wholeMs: performance.now() - started });
    if (run < RUNS - 1) for (const file of last.snapshots ?? []) rmSync(file, { force: true });
  }
  const phase = (key: keyof (typeof runs)[number]) => runs.map((run) => run[key]);
  const bytes = median(phase('snapshotBytes'));
  console.log(
    `\n${test.name}: verdict ${last!.verdict} (${last!.leaks.map((leak) => leak.name).join(', ')}); ${load()}`,
  );
  console.log(`  per-phase medians of ${RUNS} runs (ms):`);
  console.log(`    whole verdict        ${mid(phase('wholeMs'))}   (target ≤ 60 000)`);
  console.log(`    warm-up replay       ${mid(phase('warmUpMs'))}`);
  console.log(`    5 iterations         ${mid(phase('iterationsMs'))}`);
  console.log(
    `    3 snapshots          ${mid(phase('snapshotMs'))}   (GC → file closed; ${(bytes / MB).toFixed(1)} MB)`,
  );
  console.log(`      V8 graph           ${mid(phase('firstChunkMs'))}   (takeHeapSnapshot → first chunk)`);
  console.log(`      transfer           ${mid(phase('transferMs'))}   (first chunk → file closed)`);
  console.log(`    analysis             ${mid(phase('analysisMs'))}   (in the run, after the final snapshot)`);
  const transfers = runs.map((run) => run.snapshotBytes / MB / (run.transferMs / 1000));
  const wholes = runs.map((run) => run.snapshotBytes / MB / (run.snapshotMs / 1000));
  console.log(
    `    transfer rate        ${median(transfers).toFixed(1)} MB/s first chunk → file closed (target ≥ 50); ` +
      `${median(wholes).toFixed(1)} MB/s over the whole snapshot (GC → file closed)`,
  );
  const [baseline, target, final] = last!.snapshots!;
  const files = { baseline: baseline!, target: target!, final: final! };
  const keep = process.env.BENCH_LEAKS_KEEP;
  if (keep) for (const [which, file] of Object.entries(files)) copyFileSync(file, keptFile(keep, test.name, which));
  return files;
}

/** On the case's page, our client vs the bare client (no deflate, with deflate), alternating. */
async function transferFloor(endpoint: string, test: Case, dir: string): Promise<void> {
  const targetId = await pageTarget(endpoint, test.url);
  const kinds = {
    'ours (HeapSession → file)': () => ourSnapshot(endpoint, targetId, dir),
    'bare ws, no deflate      ': () => bareSnapshot(endpoint, targetId, false),
    'bare ws, permessage-deflate': () => bareSnapshot(endpoint, targetId, true),
  };
  const timings = new Map<string, SnapshotTiming[]>(Object.keys(kinds).map((kind) => [kind, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [kind, take] of Object.entries(kinds)) timings.get(kind)!.push(await take());
  console.log(`  one snapshot of the page, same tab and heap, medians of ${ROUNDS} (${load()}):`);
  for (const [kind, list] of timings) {
    const bytes = median(list.map((timing) => timing.bytes));
    const first = median(list.map((timing) => timing.firstChunkMs));
    const transfer = median(list.map((timing) => timing.transferMs));
    const whole = median(list.map((timing) => timing.wholeMs));
    console.log(
      `    ${kind.padEnd(28)} ${(bytes / MB).toFixed(1)} MB: graph ${first.toFixed(0)} ms, chunks ${transfer.toFixed(0)} ms ` +
        `(${rate(bytes, transfer)}), whole ${whole.toFixed(0)} ms (${rate(bytes, whole)})`,
    );
  }
}

/** Our analysis against MemLab's on the same three files, alternating, medians of ROUNDS. */
async function analyses(files: HeapFiles, name: string, dir: string): Promise<void> {
  const runs: Record<'ours' | 'warm' | 'cold', AnalysisRun[]> = { ours: [], warm: [], cold: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.ours.push(await ours(files, 5));
    runs.warm.push(await memlabWarm(files, join(dir, `memlab-${name}-warm-${round}`)));
    runs.cold.push(await memlabCold(files, join(dir, `memlab-${name}-cold-${round}`)));
  }
  const [mine, warm, cold] = [runs.ours, runs.warm, runs.cold].map((list) => median(list.map((run) => run.ms)));
  console.log(`  same 3 files, medians of ${ROUNDS} (${load()}):`);
  console.log(`    ours, cold worker (as the product runs it)        ${mine!.toFixed(0)} ms`);
  console.log(
    `    MemLab findLeaksBySnapshotFilePaths, bench thread  ${warm!.toFixed(0)} ms → ours ${(mine! / warm!).toFixed(2)}× (target ≤ 1×)`,
  );
  console.log(
    `    MemLab findLeaksBySnapshotFilePaths, cold worker   ${cold!.toFixed(0)} ms → ours ${(mine! / cold!).toFixed(2)}×` +
      ` (MemLab reported ${runs.cold[0]!.leaks} leak trace(s))`,
  );
}

/** `--files <folder>`: the analyses alone, on snapshots kept by an earlier run. */
async function keptAnalyses(folder: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-leaks-'));
  console.log(`bench:leaks --files ${folder}, ${load()}`);
  try {
    for (const name of ['panel fixture', 'Vite React app']) {
      console.log(`\n${name}:`);
      const [baseline, target, final] = ['baseline', 'target', 'final'].map((which) => keptFile(folder, name, which));
      await analyses({ baseline: baseline!, target: target!, final: final! }, name.replace(/\W+/g, '-'), dir);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const filesAt = process.argv.indexOf('--files');
  if (filesAt > 0) return keptAnalyses(process.argv[filesAt + 1]!);
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-leaks-'));
  const browser = await launchWithExtension(executablePath, EXTENSION_DIR, ['--remote-debugging-port=0']);
  const endpoint = `http://127.0.0.1:${readFileSync(join(browser.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]}`;
  const connector = await Connector.start({
    port: 0,
    screenshots: { dir },
    recordings: { dir },
    audits: { debuggingEndpoint: endpoint },
  });
  const site = await startFixtureServer();
  const app = process.argv.includes('--fixture-only') ? undefined : await startApp(leakyReactApp);
  console.log(`bench:leaks, ${load()}, ${RUNS} verdicts per case`);
  try {
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    const cases: Case[] = [{ name: 'panel fixture', url: `${site.origin}/leaks/leaky.html`, flow: {} }];
    if (app) cases.push({ name: 'Vite React app', url: `${app.origin}/`, flow: {} });
    for (const test of cases) {
      test.flow = openCloseFlow(test.url, test.name === 'panel fixture' ? 'section.panel' : 'section.chart');
      await page.goto(`${site.origin}/index.html`);
      const files = await verdicts(connector.port, test);
      await page.goto(test.url);
      await transferFloor(endpoint, test, dir);
      await analyses(files, test.name.replace(/\W+/g, '-'), dir);
    }
  } finally {
    await app?.stop();
    await browser.close();
    await site.close();
    await connector.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
