/** A capture as the connector's protocol has it: at least `type` and `timestamp`. */
export type Capture = Record<string, unknown> & { type: string; timestamp: number };

export interface Batch {
  batchSeq: number;
  /** Each capture as JSON, serialized once when it was queued. */
  events: string[];
}

/** The tunnel frame of a batch, built from the events' JSON without serializing them again. */
export function batchFrame(batch: Batch): string {
  return `{"type":"batch","batchSeq":${batch.batchSeq},"events":[${batch.events.join(',')}]}`;
}

/**
 * Captures waiting to go up the tunnel, and batches sent but not yet acknowledged. Nothing is
 * forgotten until the edge acks it: after a reconnect every unacked batch is sent again, in
 * order. Bounded: past `maxEvents` the oldest waiting captures are dropped and counted, and a
 * `dropped` capture tells the remote side about the gap.
 */
export class CaptureQueue {
  private waiting: string[] = [];
  private unacked: Batch[] = [];
  /** Captures in `unacked`, kept as a count: `size` is read for every capture pushed. */
  private unackedCount = 0;
  private nextBatchSeq = 1;
  private droppedCount = 0;

  constructor(
    private readonly maxEvents = 50_000,
    private readonly batchSize = 500,
    /** The edge refuses frames over 4 MB; JSON characters can be up to 3 bytes each. */
    private readonly batchChars = 1_000_000,
  ) {}

  push(capture: Capture): void {
    this.waiting.push(JSON.stringify(capture));
    const excess = this.size - this.maxEvents;
    if (excess > 0) {
      this.waiting.splice(0, Math.min(excess, this.waiting.length));
      this.droppedCount += excess;
    }
  }

  /** Waiting plus unacknowledged captures. */
  get size(): number {
    return this.waiting.length + this.unackedCount;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** The next batch to send, moved to the unacked list; undefined when nothing waits. */
  take(): Batch | undefined {
    if (this.droppedCount > 0) {
      this.waiting.unshift(JSON.stringify({ type: 'dropped', count: this.droppedCount, timestamp: Date.now() }));
      this.droppedCount = 0;
    }
    if (!this.waiting.length) return undefined;
    let count = 0;
    let chars = 0;
    while (count < this.batchSize && count < this.waiting.length) {
      chars += this.waiting[count]!.length + 1;
      if (count > 0 && chars > this.batchChars) break;
      count++;
    }
    const batch = { batchSeq: this.nextBatchSeq++, events: this.waiting.splice(0, count) };
    this.unacked.push(batch);
    this.unackedCount += batch.events.length;
    return batch;
  }

  /** The edge acks a batch once it and everything before it is stored. */
  ack(batchSeq: number): void {
    this.unacked = this.unacked.filter((batch) => batch.batchSeq > batchSeq);
    this.unackedCount = this.unacked.reduce((sum, batch) => sum + batch.events.length, 0);
  }

  /** After a reconnect: what was sent but never acknowledged, oldest first. */
  resend(): Batch[] {
    return [...this.unacked];
  }
}
