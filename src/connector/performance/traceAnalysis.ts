/**
 * A recorded trace from its gzipped bytes to its summary: unzip, JSON, DevTools' trace engine, summary.
 * Seconds of CPU on a large trace, so it runs in a worker thread (traceWorker.ts), never on the thread
 * that serves the editor, the HTTP API and the MCP tools.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ApiError } from '../../shared/errors';
import type { TraceSummary } from '../../shared/performance';
import { parseTrace } from './traceEngine';
import { summarizeTrace } from './traceSummary';

const inflate = promisify(gunzip);

export interface TraceContext {
  url?: string;
  reload: boolean;
}

/** `maxJsonBytes`: the largest trace JSON, unzipped, that the worker's heap holds (traceAnalyser.ts). */
export async function analyseTrace(gz: Uint8Array, context: TraceContext, maxJsonBytes: number): Promise<TraceSummary> {
  const file = await inflate(gz, { maxOutputLength: maxJsonBytes }).catch((error: Error) => {
    throw new ApiError(
      'INVALID_PARAMETER',
      `The trace is too large to analyse (${error.message}; at most ${Math.floor(maxJsonBytes / 1024 / 1024)} MB of JSON). Record a shorter one: reload=false with a smaller durationMs.`,
    );
  });
  const json = JSON.parse(file.toString('utf8')) as
    unknown[] | { traceEvents: unknown[]; metadata?: { nodeNames?: Record<string, string> } };
  const trace = Array.isArray(json) ? { traceEvents: json, metadata: undefined } : json;
  return summarizeTrace(await parseTrace(trace.traceEvents), {
    ...context,
    nodeNames: trace.metadata?.nodeNames ?? {},
  });
}
