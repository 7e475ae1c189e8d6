/** Runs traceAnalysis.ts in a worker thread, so a trace's seconds of CPU never block the extension host. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ApiError, type ErrorCode } from '../../shared/errors';
import type { TraceSummary } from '../../shared/performance';
import type { TraceContext } from './traceAnalysis';

type WorkerAnswer = { summary: TraceSummary } | { error: { message: string; code?: ErrorCode } };

/**
 * The build puts the worker in dist/traceWorker.js beside the bundle that starts it. From sources (tests)
 * it is the .ts file, loaded through tsx's require hook (a worker does not inherit the parent's --import).
 */
function workerScript(): { script: string; eval: boolean } {
  const bundled = join(__dirname, 'traceWorker.js');
  if (existsSync(bundled)) return { script: bundled, eval: false };
  const source = join(__dirname, 'traceWorker.ts');
  return { script: `require('tsx/cjs'); require(${JSON.stringify(source)});`, eval: true };
}

/** The trace's summary, analysed on a thread of its own. */
export function analyseInWorker(gz: Buffer, context: TraceContext): Promise<TraceSummary> {
  const { script, eval: isEval } = workerScript();
  // A copy of its own (the caller still saves `gz`), moved to the worker rather than copied again.
  const bytes = new Uint8Array(gz);
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      eval: isEval,
      workerData: { gz: bytes, context },
      transferList: [bytes.buffer as ArrayBuffer],
      // The editor's own flags are not for a worker thread.
      execArgv: [],
    });
    let settled = false;
    worker.once('message', (answer: WorkerAnswer) => {
      settled = true;
      if ('summary' in answer) resolve(answer.summary);
      else
        reject(
          answer.error.code ? new ApiError(answer.error.code, answer.error.message) : new Error(answer.error.message),
        );
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The trace analysis stopped (exit code ${code}) before it answered.`));
    });
  });
}
