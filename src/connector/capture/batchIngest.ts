import type { CaptureEvent } from '../../shared/protocol';
import type { CaptureStore } from './store';

/** Extension instances whose last batch is remembered (a few at most; bounded anyway). */
const MAX_INSTANCES = 100;

/**
 * Numbered batches are acked once stored. A browser re-sends what was not acked after a reconnect, so a
 * batch seen before (same extension instance, seq not newer) is acked again but not stored twice.
 */
export class BatchIngest {
  /** Last stored batch per extension instance. */
  private readonly lastBatch = new Map<string, number>();

  constructor(private readonly store: CaptureStore) {}

  /**
   * Stores the batch unless it was stored before. For a numbered batch, returns when to ack it: once
   * the journal (when one is attached) has it; undefined for an unnumbered one (never acked).
   */
  ingest(
    frame: { events: CaptureEvent[]; batchSeq?: number },
    instanceId: string | undefined,
  ): Promise<void> | undefined {
    const { batchSeq } = frame;
    const seen = instanceId !== undefined && batchSeq !== undefined ? (this.lastBatch.get(instanceId) ?? 0) : 0;
    if (batchSeq === undefined || batchSeq > seen) {
      for (const event of frame.events) this.store.ingest(event);
      if (instanceId !== undefined && batchSeq !== undefined) this.remember(instanceId, batchSeq);
    }
    if (batchSeq === undefined) return undefined;
    // The ack promises the batch survives a crash: the journal (when one is attached) has it first.
    return this.store.commit();
  }

  private remember(instanceId: string, batchSeq: number): void {
    this.lastBatch.delete(instanceId);
    this.lastBatch.set(instanceId, batchSeq);
    if (this.lastBatch.size > MAX_INSTANCES) this.lastBatch.delete(this.lastBatch.keys().next().value!);
  }
}
