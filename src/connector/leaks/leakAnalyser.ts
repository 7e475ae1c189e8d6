/** Runs heapDiff.ts on a worker thread with its own heap limit, so a big heap never grows the editor's. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { ApiError } from '../../shared/errors';
import type { HeapDiff, HeapFiles } from './heapDiff';

type WorkerAnswer = { diff: HeapDiff } | { error: { message: string } };

/**
 * MemLab holds the final snapshot's graph (about 5x its file) and the other two's ids: with the snapshot
 * cap (leakLimits) this fits, and a worker that reaches it ends alone with a clear error.
 */
export const LEAK_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 3072,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 8,
};

/** dist/leakWorker.js beside the bundle; from sources (tests), the .ts file through tsx. */
function workerScript(): { script: string; eval: boolean } {
  const bundled = join(__dirname, 'leakWorker.js');
  if (existsSync(bundled)) return { script: bundled, eval: false };
  const source = join(__dirname, 'leakWorker.ts');
  return { script: `require('tsx/cjs'); require(${JSON.stringify(source)});`, eval: true };
}

/** The groups that grew, analysed on a thread of its own; `signal` ends the thread. */
export function analyseLeaks(
  files: HeapFiles,
  iterations: number,
  signal?: AbortSignal,
  limits: ResourceLimits = LEAK_WORKER_LIMITS,
): Promise<HeapDiff> {
  const { script, eval: isEval } = workerScript();
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      eval: isEval,
      workerData: { files, iterations },
      execArgv: [],
      resourceLimits: limits,
    });
    let settled = false;
    const cancel = () => {
      settled = true;
      reject(new ApiError('COMMAND_FAILED', 'The leak analysis was cancelled.'));
      void worker.terminate();
    };
    signal?.addEventListener('abort', cancel, { once: true });
    const finish = () => signal?.removeEventListener('abort', cancel);
    worker.once('message', (answer: WorkerAnswer) => {
      settled = true;
      finish();
      if ('diff' in answer) resolve(answer.diff);
      else reject(new ApiError('COMMAND_FAILED', `The heap analysis failed: ${answer.error.message}`));
      void worker.terminate();
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      settled = true;
      finish();
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ApiError(
              'PAYLOAD_TOO_LARGE',
              `The heap is too large to analyse within ${limits.maxOldGenerationSizeMb} MB. Find leaks on a smaller page or flow.`,
            )
          : error,
      );
    });
    worker.once('exit', (code) => {
      finish();
      if (!settled) reject(new Error(`The leak analysis stopped (exit code ${code}) before it answered.`));
    });
  });
}
