/**
 * Leak-check benchmark: find_leaks' phases for 5 iterations on the leaky panel fixture and on the Vite
 * React app (snapshot, transfer rate, analysis, the whole verdict), then MemLab's own
 * findLeaksBySnapshotFilePaths on the same three snapshots, against our analysis of them, alternating.
 * Usage: npm run bench:leaks   (prints figures; not a test)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../src/connector/connector';
import { Worker } from 'node:worker_threads';
import type { HeapDiff, HeapFiles } from '../src/connector/leaks/heapDiff';
import { LEAK_WORKER_LIMITS } from '../src/connector/leaks/leakAnalyser';
import type { LeakReport } from '../src/shared/leaks';
import { chromiumPath, connectExtension, EXTENSION_DIR, launchWithExtension } from '../test/e2e/support/chromium';
import { startApp } from '../test/e2e/support/devApps';
import { startFixtureServer } from '../test/e2e/support/fixtureServer';
import { leakyReactApp } from '../test/e2e/support/leakApps';
import { openCloseFlow } from '../test/e2e/support/leakRig';
import { post } from '../test/support/http';
import { median } from './median';

const ROUNDS = 3;
const MB = 1024 * 1024;

/** MemLab's own analysis of the three files, as its API runs it. */
async function memlab(files: HeapFiles, workDir: string): Promise<{ ms: number; leaks: number }> {
  const { findLeaksBySnapshotFilePaths } = await import('@memlab/api');
  const started = performance.now();
  const leaks = await findLeaksBySnapshotFilePaths(files.baseline, files.target, files.final, {
    workDir,
    consoleMode: 'SILENT' as never,
  });
  return { ms: performance.now() - started, leaks: leaks.length };
}

/** Our analysis as the product runs it: the bundled worker (dist/leakWorker.js), started cold each time. */
function ours(files: HeapFiles): Promise<{ ms: number; leaks: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, '../dist/leakWorker.js'), {
      workerData: { files, iterations: 5 },
      resourceLimits: LEAK_WORKER_LIMITS,
    });
    worker.once('message', (answer: { diff?: HeapDiff; error?: { message: string } }) => {
      void worker.terminate();
      if (answer.diff) resolve({ ms: performance.now() - started, leaks: answer.diff.leaks.length });
      else reject(new Error(answer.error?.message));
    });
    worker.once('error', reject);
  });
}

async function benchCase(port: number, name: string, flow: object, dir: string): Promise<void> {
  const imported = await post(port, '/recordings/import', { flow });
  const id = imported.json.id as string;
  const started = performance.now();
  const answer = await post(port, `/recordings/${id}/leaks`, { iterations: 5, keep: true });
  const wholeMs = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${name}: ${answer.text}`);
  const report = answer.json as LeakReport;
  const [baseline, target, final] = report.snapshots!;
  const files = { baseline: baseline!, target: target!, final: final! };
  const phases = report.phases;
  console.log(`\n${name}: verdict ${report.verdict} (${report.leaks.map((leak) => leak.name).join(', ')})`);
  console.log(`  whole verdict      ${(wholeMs / 1000).toFixed(1)} s (target ≤ 60 s)`);
  console.log(`  warm-up replay     ${phases.warmUpMs} ms; 5 iterations ${phases.iterationsMs} ms`);
  console.log(
    `  3 snapshots        ${phases.snapshotMs} ms (GC + take + stream), ${(phases.snapshotBytes / MB).toFixed(1)} MB`,
  );
  const rate = phases.transferMs > 0 ? phases.snapshotBytes / MB / (phases.transferMs / 1000) : Infinity;
  console.log(`  transfer           ${rate.toFixed(0)} MB/s while the chunks arrived (target ≥ 50 MB/s)`);
  console.log(`  analysis (in run)  ${phases.analysisMs} ms`);
  const mine: number[] = [];
  const theirs: number[] = [];
  let memlabLeaks = 0;
  for (let round = 0; round < ROUNDS; round++) {
    mine.push((await ours(files)).ms);
    const result = await memlab(files, join(dir, `memlab-${name}-${round}`));
    theirs.push(result.ms);
    memlabLeaks = result.leaks;
  }
  console.log(
    `  same 3 files       ours ${median(mine).toFixed(0)} ms vs MemLab findLeaksBySnapshotFilePaths ${median(theirs).toFixed(0)} ms ` +
      `(${(median(mine) / median(theirs)).toFixed(2)}×, target ≤ 1×; MemLab reported ${memlabLeaks} leak trace(s)), median of ${ROUNDS}`,
  );
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-leaks-'));
  const browser = await launchWithExtension(executablePath, EXTENSION_DIR, ['--remote-debugging-port=0']);
  const devtoolsPort = readFileSync(join(browser.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const connector = await Connector.start({
    port: 0,
    screenshots: { dir },
    recordings: { dir },
    audits: { debuggingEndpoint: `http://127.0.0.1:${devtoolsPort}` },
  });
  const site = await startFixtureServer();
  const withReact = !process.argv.includes('--fixture-only');
  const app = withReact ? await startApp(leakyReactApp) : undefined;
  try {
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/index.html`);
    await benchCase(
      connector.port,
      'panel fixture',
      openCloseFlow(`${site.origin}/leaks/leaky.html`, 'section.panel'),
      dir,
    );
    if (app) await benchCase(connector.port, 'Vite React app', openCloseFlow(`${app.origin}/`, 'section.chart'), dir);
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
