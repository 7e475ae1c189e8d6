/**
 * Entry of the trace-analysis worker thread (dist/traceWorker.js): one request, one answer, then the
 * thread ends. The trace engine loads here, so it never weighs on the main thread either.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../shared/errors';
import { analyseTrace, type TraceContext } from './traceAnalysis';

const { gz, context, maxJsonBytes } = workerData as { gz: Uint8Array; context: TraceContext; maxJsonBytes: number };
analyseTrace(gz, context, maxJsonBytes).then(
  (summary) => parentPort!.postMessage({ summary }),
  (error: Error) =>
    parentPort!.postMessage({
      error: { message: error.message, ...(error instanceof ApiError ? { code: error.code } : {}) },
    }),
);
