/** Runs traceAnalysis.ts in a worker thread, so a trace's seconds of CPU never block the extension host. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { ApiError, type ErrorCode } from '../../shared/errors';
import type { TraceSummary } from '../../shared/performance';
import type { TraceContext } from './traceAnalysis';

/**
 * How many heap bytes analysing one byte of trace JSON takes, at most: the string, JSON.parse's objects
 * (about 3.2x the text for trace events) and the engine's own structures. The worker's heap limit
 * divided by this is the largest trace it takes: over its limit a worker may abort the whole process
 * rather than end alone (nodejs/node#47224), so a trace must never get that far.
 */
const HEAP_PER_TRACE_BYTE = 6;

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

/**
 * The worker's own heap and stack, so a huge trace (a page can make one as big as it likes) never grows
 * the extension host. The trace's JSON is capped to what fits (HEAP_PER_TRACE_BYTE: about 340 MB
 * here), because a worker that reaches its limit may take the process with it (nodejs/node#47224).
 */
export const TRACE_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 2048,
  maxYoungGenerationSizeMb: 64,
  stackSizeMb: 4,
};

/** The trace's summary, analysed on a thread of its own within `limits`. */
export function analyseInWorker(
  gz: Buffer,
  context: TraceContext,
  limits: ResourceLimits = TRACE_WORKER_LIMITS,
): Promise<TraceSummary> {
  const { script, eval: isEval } = workerScript();
  // A copy of its own (the caller still saves `gz`), moved to the worker rather than copied again.
  const bytes = new Uint8Array(gz);
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, {
      eval: isEval,
      workerData: {
        gz: bytes,
        context,
        maxJsonBytes: Math.floor(((limits.maxOldGenerationSizeMb ?? 2048) * 1024 * 1024) / HEAP_PER_TRACE_BYTE),
      },
      transferList: [bytes.buffer as ArrayBuffer],
      // The editor's own flags are not for a worker thread.
      execArgv: [],
      resourceLimits: limits,
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
    worker.once('error', (error: NodeJS.ErrnoException) => {
      settled = true;
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(limits) : error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The trace analysis stopped (exit code ${code}) before it answered.`));
    });
  });
}

function outOfMemory(limits: ResourceLimits): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The trace is too big to analyse within the worker's ${limits.maxOldGenerationSizeMb} MB heap: record a shorter trace (stop it sooner, or without reload).`,
    { limitMb: limits.maxOldGenerationSizeMb },
  );
}
