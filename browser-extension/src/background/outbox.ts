import type { CaptureEvent } from '../../../src/shared/protocol';

export interface OutboxLimits {
  /** Events kept while the connector is unreachable; beyond it the oldest go, and a marker says how many. */
  maxQueued: number;
  maxBatchEvents: number;
  /** One frame never grows past this many characters (a single huge event still goes alone). */
  maxBatchChars: number;
  /** Batches sent but not yet acked. */
  window: number;
}

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { maxQueued: 50_000, maxBatchEvents: 500, maxBatchChars: 512 * 1024, window: 16 };

interface InFlight {
  frame: string;
  count: number;
}

/**
 * Captures waiting for the connector. Batches are numbered and kept until acked, and re-sent after a
 * reconnect, so a connector restart mid-stream loses nothing (the connector drops re-sent duplicates).
 */
export class Outbox {
  private queue: CaptureEvent[] = [];
  private readonly inFlight = new Map<number, InFlight>();
  private nextBatchSeq = 1;
  private droppedSinceMarker = 0;
  private droppedTotal = 0;

  constructor(private readonly limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS) {}

  get queued(): number {
    let count = this.queue.length;
    for (const batch of this.inFlight.values()) count += batch.count;
    return count;
  }

  get dropped(): number {
    return this.droppedTotal;
  }

  add(events: CaptureEvent[]): void {
    this.queue.push(...events);
    const over = this.queue.length - this.limits.maxQueued;
    if (over > 0) {
      this.queue.splice(0, over);
      this.droppedSinceMarker += over;
      this.droppedTotal += over;
    }
  }

  /** Sends new batches while the ack window has room. `send` returns false when the socket is not open. */
  pump(send: (frame: string) => boolean): void {
    while (this.inFlight.size < this.limits.window && (this.queue.length || this.droppedSinceMarker)) {
      const batchSeq = this.nextBatchSeq;
      const { frame, count } = this.nextFrame(batchSeq);
      this.nextBatchSeq++;
      this.inFlight.set(batchSeq, { frame, count });
      if (!send(frame)) return;
    }
  }

  /** After a reconnect: everything not acked goes again, in order. */
  resend(send: (frame: string) => boolean): void {
    for (const batch of this.inFlight.values()) if (!send(batch.frame)) return;
  }

  /** Acks come in order, so one ack settles every batch up to it. */
  ack(batchSeq: number): void {
    for (const seq of this.inFlight.keys()) if (seq <= batchSeq) this.inFlight.delete(seq);
  }

  private nextFrame(batchSeq: number): InFlight {
    const parts: string[] = [];
    let chars = 0;
    if (this.droppedSinceMarker) {
      parts.push(JSON.stringify({ type: 'dropped', count: this.droppedSinceMarker, timestamp: Date.now() }));
      this.droppedSinceMarker = 0;
    }
    let taken = 0;
    while (taken < this.queue.length && parts.length < this.limits.maxBatchEvents) {
      const text = JSON.stringify(this.queue[taken]);
      if (parts.length && chars + text.length > this.limits.maxBatchChars) break;
      parts.push(text);
      chars += text.length;
      taken++;
    }
    this.queue = taken === this.queue.length ? [] : this.queue.slice(taken);
    return { frame: `{"type":"batch","batchSeq":${batchSeq},"events":[${parts.join(',')}]}`, count: parts.length };
  }
}
