/**
 * The three ways the bench analyses the same three snapshot files: ours as the product runs it (the bundled
 * worker, started cold), and MemLab's own findLeaksBySnapshotFilePaths both warm in the bench's thread (the
 * old comparison) and cold on a worker of its own (as a user's `memlab find-leaks` starts).
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HeapDiff, HeapFiles } from '../src/connector/leaks/heapDiff';
import { LEAK_WORKER_LIMITS } from '../src/connector/leaks/leakAnalyser';

export interface AnalysisRun {
  ms: number;
  leaks: number;
}

function timedWorker(worker: Worker, count: (answer: unknown) => number): Promise<AnalysisRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { error?: { message: string } }) => {
      const ms = performance.now() - started;
      void worker.terminate();
      if (answer.error) reject(new Error(answer.error.message));
      else resolve({ ms, leaks: count(answer) });
    });
    worker.once('error', reject);
  });
}

/** Ours: dist/leakWorker.js, started cold each time, with the product's resource limits. */
export function ours(files: HeapFiles, iterations: number): Promise<AnalysisRun> {
  const worker = new Worker(join(__dirname, '../dist/leakWorker.js'), {
    workerData: { files, iterations },
    resourceLimits: LEAK_WORKER_LIMITS,
    // As leakAnalyser starts it: a worker inherits the bench's `--import tsx`, over a second of start-up.
    execArgv: [],
  });
  return timedWorker(worker, (answer) => (answer as { diff: HeapDiff }).diff.leaks.length);
}

/** MemLab's API in the bench's own thread: warm after its first round (its modules and JIT stay loaded). */
export async function memlabWarm(files: HeapFiles, workDir: string): Promise<AnalysisRun> {
  const { findLeaksBySnapshotFilePaths } = await import('@memlab/api');
  const started = performance.now();
  const leaks = await findLeaksBySnapshotFilePaths(files.baseline, files.target, files.final, {
    workDir,
    consoleMode: 'SILENT' as never,
  });
  return { ms: performance.now() - started, leaks: leaks.length };
}

/** MemLab's API on a fresh worker, loading its modules each time as ours does. */
export function memlabCold(files: HeapFiles, workDir: string): Promise<AnalysisRun> {
  const code = `const { parentPort, workerData: w } = require('node:worker_threads');
    require('@memlab/api').findLeaksBySnapshotFilePaths(w.files.baseline, w.files.target, w.files.final, { workDir: w.workDir, consoleMode: 'SILENT' })
      .then((leaks) => parentPort.postMessage({ leaks: leaks.length }), (error) => parentPort.postMessage({ error: { message: String(error) } }));`;
  const worker = new Worker(code, { eval: true, workerData: { files, workDir }, execArgv: [] });
  return timedWorker(worker, (answer) => (answer as { leaks: number }).leaks);
}
