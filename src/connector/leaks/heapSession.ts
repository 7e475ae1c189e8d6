import { randomUUID } from 'node:crypto';
import { ApiError } from '../../shared/errors';
import type { CdpTransport } from '../audit/auditBrowser';
import type { HeapTransfers } from './heapTransfers';

const COMMAND_TIMEOUT_MS = 180_000;

type Pending = { resolve(value: Record<string, unknown>): void; reject(error: Error): void };

export interface TakenSnapshot {
  path: string;
  bytes: number;
  /** From the GC to the file closed. */
  snapshotMs: number;
  /** From `takeHeapSnapshot` to the first chunk: V8 building its graph before it writes any of it. */
  firstChunkMs: number;
  /** From the first chunk to the file closed: V8 writing the JSON, the socket, our parse and the disk. */
  transferMs: number;
}

/**
 * One tab's HeapProfiler over the browser's DevTools connection (a flat session on its target). It stays
 * attached for the whole leak check: V8's object ids compare across the snapshots of one session only.
 * Chunks go straight to their file (heapTransfers), never whole in memory.
 */
export class HeapSession {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private sessionId = '';
  private chunkSink: ((chunk: string) => void) | undefined;
  private closed = false;

  private constructor(private readonly transport: CdpTransport) {
    transport.onmessage = (message) => this.receive(message);
    transport.onclose = () => this.fail(new Error('the DevTools connection closed'));
  }

  static async attach(transport: CdpTransport, targetId: string): Promise<HeapSession> {
    const session = new HeapSession(transport);
    try {
      const attached = await session.send('Target.attachToTarget', { targetId, flatten: true }, false);
      session.sessionId = String(attached.sessionId);
      await session.send('HeapProfiler.enable');
      return session;
    } catch (error) {
      session.close();
      throw new ApiError(
        'COMMAND_FAILED',
        `Could not open the tab's heap profiler: ${(error as Error).message}. Retry.`,
      );
    }
  }

  /** A forced GC, then a snapshot written to `path` as it arrives; over `maxBytes` it fails. */
  async snapshot(transfers: HeapTransfers, path: string, maxBytes: number): Promise<TakenSnapshot> {
    const transferId = randomUUID();
    transfers.expect(transferId, path, maxBytes);
    const startedAt = Date.now();
    let index = 0;
    let firstAt = 0;
    let takenAt: number;
    this.chunkSink = (data) => {
      firstAt ||= Date.now();
      transfers.accept({ transferId, index: index++, data });
    };
    try {
      await this.send('HeapProfiler.collectGarbage');
      takenAt = Date.now();
      await this.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    } catch (error) {
      await transfers.cancel(transferId);
      throw new ApiError('COMMAND_FAILED', `The heap snapshot failed: ${(error as Error).message}. Retry.`);
    } finally {
      this.chunkSink = undefined;
    }
    const received = await transfers.finish(transferId, index);
    return { ...received, snapshotMs: Date.now() - startedAt, firstChunkMs: (firstAt || Date.now()) - takenAt };
  }

  /** The JS heap in use after a forced GC: one point of the growth chart. */
  async usedBytes(): Promise<number> {
    try {
      await this.send('HeapProfiler.collectGarbage');
      const usage = await this.send('Runtime.getHeapUsage');
      return typeof usage.usedSize === 'number' ? usage.usedSize : 0;
    } catch (error) {
      throw new ApiError('COMMAND_FAILED', `Reading the heap size failed: ${(error as Error).message}. Retry.`);
    }
  }

  close(): void {
    if (this.closed) return;
    if (this.sessionId)
      this.send('Target.detachFromTarget', { sessionId: this.sessionId }, false).catch(() => undefined);
    this.closed = true;
    // The detach goes out first; the launched browser's pipe stays open for others.
    setTimeout(() => this.transport.close(), 100).unref();
  }

  private send(method: string, params: object = {}, inSession = true): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error('the DevTools connection closed'));
    const id = ++this.nextId;
    const message = { id, method, params, ...(inSession ? { sessionId: this.sessionId } : {}) };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} took over ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.transport.send(JSON.stringify(message));
    });
  }

  private receive(raw: string): void {
    const message = JSON.parse(raw) as {
      id?: number;
      method?: string;
      params?: { chunk?: string };
      result?: Record<string, unknown>;
      error?: { message: string };
      sessionId?: string;
    };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && message.sessionId === this.sessionId) {
      if (typeof message.params?.chunk === 'string') this.chunkSink?.(message.params.chunk);
      return;
    }
    if (message.id === undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result ?? {});
  }

  private fail(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    this.closed = true;
  }
}
