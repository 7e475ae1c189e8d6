import type { BufferLimit } from './config';

interface Slot<T> {
  item: T;
  bytes: number;
}

/**
 * A FIFO of entries ordered by `seq`, bounded by count and by bytes: over a cap the oldest go,
 * the newest are always kept. Lookups by seq use binary search, so ids stay cheap to resolve.
 */
export class RingBuffer<T extends { seq: number }> {
  private slots: Slot<T>[] = [];
  private start = 0;
  private bytes = 0;
  private evictedCount = 0;

  constructor(private readonly limit: BufferLimit) {}

  get size(): number {
    return this.slots.length - this.start;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** How many entries the caps have pushed out since the last clear. */
  get evicted(): number {
    return this.evictedCount;
  }

  push(item: T, bytes: number): void {
    this.slots.push({ item, bytes });
    this.bytes += bytes;
    while (this.size > 1 && (this.size > this.limit.maxEntries || this.bytes > this.limit.maxBytes)) {
      const oldest = this.slots[this.start++]!;
      this.bytes -= oldest.bytes;
      this.evictedCount++;
    }
    if (this.start > 1024 && this.start * 2 > this.slots.length) {
      this.slots = this.slots.slice(this.start);
      this.start = 0;
    }
  }

  clear(): void {
    this.slots = [];
    this.start = 0;
    this.bytes = 0;
    this.evictedCount = 0;
  }

  newest(): T | undefined {
    return this.size > 0 ? this.slots[this.slots.length - 1]!.item : undefined;
  }

  at(index: number): T {
    return this.slots[this.start + index]!.item;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = new Array(this.size);
    for (let i = 0; i < out.length; i++) out[i] = this.slots[this.start + i]!.item;
    return out;
  }

  /** Index of the first entry whose seq is greater than `seq`. */
  indexAfter(seq: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  findBySeq(seq: number): T | undefined {
    const index = this.indexAfter(seq - 1);
    return index < this.size && this.at(index).seq === seq ? this.at(index) : undefined;
  }
}
