import { randomUUID } from 'node:crypto';
import { ApiError } from '../../shared/errors';
import type { TraceReply } from '../../shared/browserCommands';
import type { PerformanceTraceRecord } from '../../shared/performance';
import type { BrowserBridge } from '../wire/browserBridge';
import type { Logger } from '../logging/logger';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import { analyseInWorker } from './traceAnalyser';
import { mapTraceScripts } from './traceSourceMaps';
import { TraceFolder } from './traceFolder';
import { TraceTransfers } from './traceTransfers';

const MAX_RECORDS = 20;
/** Reload (up to 30 s), settle, hand-over: a trace may take longer than an ordinary command. */
const MIN_TRACE_TIMEOUT_MS = 60_000;

export interface TraceRequest {
  reload?: boolean;
  durationMs?: number;
  tabId?: number;
  /** Cancelled: the trace is neither analysed nor kept (the browser's short capture may still finish). */
  signal?: AbortSignal;
}

export interface PerformanceServiceOptions {
  bridge: BrowserBridge;
  logger: Logger;
  sourceMaps: SourceMapper;
  dir: string;
  commandTimeoutMs: number;
  /** The whole source-map step of one trace (default 10 s). */
  sourceMapDeadlineMs?: number;
}

/**
 * Performance traces of the developer's own tab: the browser extension records with chrome.debugger,
 * sends the gzipped trace in chunks, and DevTools' trace engine analyses it on a worker thread. One trace at a time.
 */
export class PerformanceService {
  readonly transfers = new TraceTransfers();
  private readonly folder: TraceFolder;
  private readonly kept: PerformanceTraceRecord[] = [];
  private readonly listeners = new Set<(record: PerformanceTraceRecord) => void>();
  private busy = false;

  constructor(private readonly options: PerformanceServiceOptions) {
    this.folder = new TraceFolder(options.dir, MAX_RECORDS, options.logger);
  }

  get records(): readonly PerformanceTraceRecord[] {
    return this.kept;
  }

  onRecord(listener: (record: PerformanceTraceRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async record(request: TraceRequest): Promise<PerformanceTraceRecord> {
    if (this.busy)
      throw new ApiError(
        'SERVICE_UNAVAILABLE',
        'A performance trace is already being recorded. Wait for it to finish, then retry.',
      );
    this.busy = true;
    try {
      return await this.recordNow(request);
    } finally {
      this.busy = false;
    }
  }

  private async recordNow(request: TraceRequest): Promise<PerformanceTraceRecord> {
    const started = Date.now();
    const transferId = randomUUID();
    const reload = request.reload ?? true;
    this.transfers.expect(transferId);
    let reply: TraceReply;
    try {
      const args = {
        transferId,
        reload,
        ...(request.durationMs === undefined ? {} : { durationMs: request.durationMs }),
        ...(request.tabId === undefined ? {} : { tabId: request.tabId }),
      };
      if (request.signal?.aborted) throw cancelled();
      reply = await this.options.bridge.command(
        'performance-trace',
        args,
        Math.max(this.options.commandTimeoutMs, MIN_TRACE_TIMEOUT_MS + (request.durationMs ?? 0)),
      );
      if (request.signal?.aborted) throw cancelled();
    } catch (error) {
      this.transfers.cancel(transferId);
      throw error;
    }
    const gz = this.transfers.take(transferId, reply.chunks);
    // The analysis runs on a worker thread: the editor, the API and the MCP tools stay responsive meanwhile.
    const [path, summary] = await Promise.all([
      this.folder.save(reply.url, started, gz),
      analyseInWorker(gz, { url: reply.url, reload }),
    ]);
    await mapTraceScripts(summary, this.options.sourceMaps, this.options.sourceMapDeadlineMs ?? 10_000);
    // Cancelled while it was analysed: the user was told nothing is kept, so nothing is shown.
    if (request.signal?.aborted) throw cancelled();
    const record: PerformanceTraceRecord = {
      type: 'performance-trace',
      id: `trace-${started}-${transferId.slice(0, 8)}`,
      timestamp: started,
      path,
      bytes: gz.length,
      elapsedMs: Date.now() - started,
      summary,
    };
    this.keep(record);
    return record;
  }

  private keep(record: PerformanceTraceRecord): void {
    this.kept.push(record);
    if (this.kept.length > MAX_RECORDS) this.kept.shift();
    for (const listener of this.listeners) listener(record);
  }
}

function cancelled(): ApiError {
  return new ApiError('COMMAND_FAILED', 'The performance trace was cancelled: nothing was analysed or kept.');
}
