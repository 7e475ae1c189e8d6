import { nowSeconds } from '../base/crypto';
import type { Capture, CaptureRow } from '../data/captureRow';
import { capturesAfter } from '../data/queries';
import { addUsage } from '../data/usage';
import type { Env } from '../base/env';
import { buildRows, insertStatements } from './captureWriter';
import type { SocketInfo } from './frames';
import { FrameJournal } from './frameJournal';
import type { StoredCapture } from './types';
import { WriteQueue } from './writeQueue';

const REPLAY_PAGE = 500;
/** How long after journaling the object checks that nothing is left in its journal. */
const RECOVERY_CHECK_MS = 30_000;

/** The running connector instance and the highest batch it has had accepted. */
interface InstanceState {
  id: string;
  lastBatchSeq: number;
}

export interface SessionMeta {
  sessionId: string;
  accountId: string;
}

/**
 * A session's captures in order: the per-session seq (one writer, so gap-free), the connector instance's
 * accepted batches (a re-sent one is a duplicate), the write-ahead journal, and the writes to D1 in order.
 */
export class CaptureLedger {
  private seq = 0;
  private instance: InstanceState | undefined;
  private writes: WriteQueue | undefined;
  private readonly journal: FrameJournal;
  private recoveryScheduled = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly meta: () => SessionMeta | undefined,
  ) {
    this.journal = new FrameJournal(ctx.storage);
  }

  get lastSeq(): number {
    return this.seq;
  }

  /** Run inside the object's blockConcurrencyWhile, before anything else. */
  async load(): Promise<void> {
    this.instance = await this.ctx.storage.get<InstanceState>('instance');
    this.seq = Math.max((await this.ctx.storage.get<number>('seq')) ?? 0, await this.storedMaxSeq());
    await this.recoverJournal();
  }

  /** Rows an earlier instance accepted but did not see reach D1: stored before anything else runs. */
  private async recoverJournal(): Promise<void> {
    const recovered = await this.journal.recover((rows) =>
      this.env.DB.batch(insertStatements(this.env.DB, rows, nowSeconds())),
    );
    if (!recovered) await this.ctx.storage.setAlarm(Date.now() + RECOVERY_CHECK_MS);
  }

  /** The object's alarm: set once per instance that journals, so rows caught by a crash reach D1 even if no one calls again. */
  async alarm(): Promise<void> {
    this.recoveryScheduled = false;
    await this.writes?.idle();
    await this.recoverJournal();
  }

  /** If storage lost the counter, D1 still knows the highest seq used: never reuse one. */
  private async storedMaxSeq(): Promise<number> {
    const meta = this.meta();
    if (!meta) return 0;
    const row = await this.env.DB.prepare('SELECT MAX(seq) AS seq FROM captures WHERE session_id = ?')
      .bind(meta.sessionId)
      .first<{ seq: number | null }>();
    return row?.seq ?? 0;
  }

  /** Every earlier write has reached D1 (or been given up on). */
  async idle(): Promise<void> {
    await this.writes?.idle();
  }

  /**
   * Seqs are assigned before any await, so captures keep their order whatever arrives meanwhile. The
   * rows go to the journal (with the counters that accepted them) before D1 and before the ack;
   * `fanOut` sees each capture once it is journaled.
   */
  async store(
    info: SocketInfo,
    captures: Capture[],
    size: number,
    fanOut: (stored: StoredCapture[]) => void,
  ): Promise<StoredCapture[]> {
    // An ack promises that everything sent before it is stored, even for an empty batch.
    if (!captures.length) {
      if (this.instance) await this.ctx.storage.put('instance', this.instance);
      await this.writes?.idle();
      return [];
    }
    const meta = this.meta()!;
    const first = this.seq + 1;
    this.seq += captures.length;
    const rows = buildRows(meta, first, captures);
    const journaled = await this.journal.record(rows, {
      seq: this.seq,
      ...(this.instance ? { instance: this.instance } : {}),
    });
    if (!this.recoveryScheduled) {
      this.recoveryScheduled = true;
      await this.ctx.storage.setAlarm(Date.now() + RECOVERY_CHECK_MS);
    }
    const stored = rows.map((row) => ({
      ...(JSON.parse(row.data) as Capture),
      id: `${meta.sessionId}:${row.seq}`,
      seq: row.seq,
      sessionId: meta.sessionId,
    }));
    fanOut(stored);
    // One connector end per session, so its caller pays for every write of this queue.
    this.writes ??= new WriteQueue((all, bytes) => this.write(all, info, bytes));
    try {
      await this.writes.enqueue(rows, size);
    } finally {
      // Stored, or given up on (the connector re-sends it): either way no longer the journal's.
      await this.journal.settle(journaled);
    }
    return stored;
  }

  private async write(rows: CaptureRow[], info: SocketInfo, size: number): Promise<void> {
    const now = nowSeconds();
    const touch = this.env.DB.prepare('UPDATE sessions SET last_activity = ? WHERE id = ?').bind(
      now,
      this.meta()!.sessionId,
    );
    await this.env.DB.batch([...insertStatements(this.env.DB, rows, now), touch]);
    await addUsage(this.env, info.callerId, info.accountId, { bytes: size });
  }

  /** Every capture after `from`, once every earlier write has reached D1. */
  async storedAfter(from: number): Promise<StoredCapture[]> {
    await this.writes?.idle();
    const all: StoredCapture[] = [];
    for (let after = from; ;) {
      const page = await capturesAfter(this.env, this.meta()!.sessionId, after, REPLAY_PAGE);
      all.push(...page);
      if (page.length < REPLAY_PAGE) return all;
      after = page[page.length - 1]!.seq;
    }
  }

  /** A connector's hello: a new instance starts counting its batches from zero. */
  async hello(instanceId: string | undefined): Promise<void> {
    if (instanceId && instanceId !== this.instance?.id) await this.saveInstance({ id: instanceId, lastBatchSeq: 0 });
  }

  /**
   * A batch re-sent after a lost ack is acked again without storing it twice. Batches count as
   * accepted when they arrive, so a resend racing the original's write is caught as well; the
   * acceptance is stored only together with the batch's rows (in the journal).
   */
  isDuplicate(batchSeq: number | undefined): boolean {
    if (batchSeq === undefined || !this.instance) return false;
    if (batchSeq <= this.instance.lastBatchSeq) return true;
    this.instance = { ...this.instance, lastBatchSeq: batchSeq };
    return false;
  }

  /** A batch that could not be stored is no longer accepted: its resend (and every later one) is stored. */
  async forget(batchSeq: number): Promise<void> {
    if (this.instance)
      await this.saveInstance({ ...this.instance, lastBatchSeq: Math.min(this.instance.lastBatchSeq, batchSeq - 1) });
  }

  private async saveInstance(instance: InstanceState): Promise<void> {
    this.instance = instance;
    await this.ctx.storage.put('instance', instance);
  }
}
