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

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = {
  maxQueued: 50_000,
  maxBatchEvents: 500,
  maxBatchChars: 512 * 1024,
  window: 16,
};

export interface Batch {
  seq: number;
  frame: string;
  count: number;
}

/** What survives the service worker (see outboxStore.ts). */
export interface OutboxSnapshot {
  instanceId: string;
  /** Batch numbers up to this one may have been used: a restarted worker continues above it. */
  reservedSeq: number;
  batches: Batch[];
  /** JSON of each event not yet in a batch. */
  open: string[];
  pendingDrops: number;
  droppedTotal: number;
}

/** Batch numbers are reserved this many at a time, so the reservation is rarely written. */
const SEQ_BLOCK = 10_000;

/**
 * Captures waiting for the connector. Events gather in an open batch; a full one (or one the pump
 * takes) is sealed with a number and kept until acked, and re-sent after a reconnect, so a connector
 * restart loses nothing (the connector drops re-sent duplicates by instance id and number).
 * The state is mirrored to session storage (outboxStore.ts), so a stopped service worker keeps it too.
 */
export class Outbox {
  instanceId: string = crypto.randomUUID();
  private open: string[] = [];
  private openChars = 0;
  private readonly batches = new Map<number, Batch>();
  private batchEvents = 0;
  /** Highest batch number sent on the current connection. */
  private sentUpTo = 0;
  private nextSeq = 1;
  private reservedSeq = SEQ_BLOCK;
  /**
   * Batch numbers up to here are safe to use: the stored reservation covers them. A worker that died
   * before storing anything comes back as a new instance, so a fresh one may use the first block.
   */
  private usableSeq = Infinity;
  private pendingDrops = 0;
  private droppedTotal = 0;
  private restored = false;
  /** Acks received: a count that moves while the connector takes what is sent. */
  acks = 0;
  /** Told about every change; `urgent` when the batch-number reservation moved and must be stored now. */
  onChange: (urgent: boolean) => void = () => undefined;

  constructor(private readonly limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS) {}

  get queued(): number {
    return this.open.length + this.batchEvents;
  }

  get dropped(): number {
    return this.droppedTotal;
  }

  add(events: CaptureEvent[]): void {
    for (const event of events) {
      const text = JSON.stringify(event);
      this.open.push(text);
      this.openChars += text.length;
      if (this.openIsFull()) this.seal();
    }
    this.enforceLimits();
    this.onChange(false);
  }

  /** Sends batches while the ack window has room. `send` returns false when the socket is not open. */
  pump(send: (frame: string) => boolean): void {
    if (!this.restored) return;
    let inFlight = [...this.batches.keys()].filter((seq) => seq <= this.sentUpTo).length;
    for (;;) {
      if (inFlight >= this.limits.window) return;
      let next = [...this.batches.values()].find((batch) => batch.seq > this.sentUpTo);
      if (!next && (this.open.length || this.pendingDrops)) next = this.seal();
      // A batch number beyond the stored reservation waits until the reservation is stored.
      if (!next || !send(next.frame)) return;
      this.sentUpTo = next.seq;
      inFlight++;
    }
  }

  /** After a reconnect: everything not acked goes again, in order. */
  resend(send: (frame: string) => boolean): void {
    this.sentUpTo = 0;
    this.pump(send);
  }

  /** Acks come in order, so one ack settles every batch up to it. */
  ack(batchSeq: number): void {
    this.acks++;
    for (const batch of [...this.batches.values()]) if (batch.seq <= batchSeq) this.remove(batch);
    this.onChange(false);
  }

  /** Takes back what an earlier service worker left, ahead of anything captured since. */
  restore(snapshot: OutboxSnapshot | undefined): void {
    this.usableSeq = this.reservedSeq;
    if (snapshot) {
      this.instanceId = snapshot.instanceId;
      this.nextSeq = snapshot.reservedSeq + 1;
      this.reservedSeq = this.usableSeq = snapshot.reservedSeq;
      for (const batch of snapshot.batches.sort((a, b) => a.seq - b.seq)) this.keep(batch);
      this.open = [...snapshot.open, ...this.open];
      this.openChars = this.open.reduce((sum, text) => sum + text.length, 0);
      this.pendingDrops += snapshot.pendingDrops;
      this.droppedTotal += snapshot.droppedTotal;
    }
    this.restored = true;
    const moved = this.reserve();
    while (this.openIsFull() && this.seal());
    this.enforceLimits();
    this.onChange(moved);
  }

  /** The store wrote a snapshot whose reservation reaches `reservedSeq`: batch numbers up to it are usable. */
  reservationStored(reservedSeq: number): void {
    this.usableSeq = Math.max(this.usableSeq, reservedSeq);
    while (this.openIsFull() && this.seal());
  }

  private openIsFull(): boolean {
    return (
      this.restored && (this.open.length >= this.limits.maxBatchEvents || this.openChars >= this.limits.maxBatchChars)
    );
  }

  snapshot(): OutboxSnapshot {
    return {
      instanceId: this.instanceId,
      reservedSeq: this.reservedSeq,
      batches: [...this.batches.values()],
      open: [...this.open],
      pendingDrops: this.pendingDrops,
      droppedTotal: this.droppedTotal,
    };
  }

  /** Turns the oldest open events (and a marker of drops) into the next numbered batch, if a number is free. */
  private seal(): Batch | undefined {
    if (this.nextSeq > this.usableSeq) return undefined;
    const parts: string[] = [];
    let chars = 0;
    if (this.pendingDrops) {
      parts.push(JSON.stringify({ type: 'dropped', count: this.pendingDrops, timestamp: Date.now() }));
      this.pendingDrops = 0;
    }
    let taken = 0;
    while (taken < this.open.length && parts.length < this.limits.maxBatchEvents) {
      const text = this.open[taken]!;
      if (parts.length && chars + text.length > this.limits.maxBatchChars) break;
      parts.push(text);
      chars += text.length;
      taken++;
    }
    this.open = taken === this.open.length ? [] : this.open.slice(taken);
    this.openChars -= chars;
    const seq = this.nextSeq++;
    const batch = {
      seq,
      frame: `{"type":"batch","batchSeq":${seq},"events":[${parts.join(',')}]}`,
      count: parts.length,
    };
    this.keep(batch);
    if (this.reserve()) this.onChange(true);
    return batch;
  }

  /** Moves the reservation on well before it runs out; true when it moved. */
  private reserve(): boolean {
    if (this.nextSeq + SEQ_BLOCK / 2 <= this.reservedSeq) return false;
    this.reservedSeq = this.nextSeq + SEQ_BLOCK;
    return true;
  }

  private keep(batch: Batch): void {
    this.batches.set(batch.seq, batch);
    this.batchEvents += batch.count;
  }

  private remove(batch: Batch): void {
    this.batches.delete(batch.seq);
    this.batchEvents -= batch.count;
  }

  /** Over the cap, the oldest go first: whole batches, then open events; the next batch says how many. */
  private enforceLimits(): void {
    while (this.queued > this.limits.maxQueued) {
      const oldest = this.batches.values().next().value as Batch | undefined;
      let count: number;
      if (oldest) {
        this.remove(oldest);
        count = oldest.count;
      } else {
        if (!this.open.length) return;
        this.openChars -= this.open.shift()!.length;
        count = 1;
      }
      this.pendingDrops += count;
      this.droppedTotal += count;
    }
  }
}
