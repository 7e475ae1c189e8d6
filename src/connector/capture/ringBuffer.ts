import type { BufferLimit } from '../config/config';
import { ChunkArena } from '../memory/chunkArena';
import { EntryColumns, slotBytes, type IndexSpec } from '../memory/entryColumns';
import { entryViewClass, type EntryView } from '../memory/entryView';

const FIRST_CAPACITY = 16;

export interface RingBufferOptions {
  /** Fields kept beside each entry so filters need not parse it. */
  index?: IndexSpec;
  /** Every field an entry may have, so a filter's view can read each one. */
  fields?: readonly string[];
}

/** A chunk is 1/32 of the byte cap, within 16 KiB..1 MiB: eviction frees memory in steps that size. */
export function chunkSizeFor(maxBytes: number): number {
  return Math.min(1024 * 1024, Math.max(16 * 1024, Math.floor(maxBytes / 32)));
}

/**
 * A FIFO of entries ordered by `seq`, bounded by count and by bytes: over a cap the oldest go, the
 * newest is always kept. Each entry is stored as its JSON text in a chunk arena (text fields such as
 * the message as raw UTF-8 after it), with a few index columns; reads parse it again. The byte cap counts real memory: the chunks holding texts plus the
 * columns' allocated size. Lookups by seq use binary search over the seq column.
 */
export class RingBuffer<T extends { seq: number }> {
  private readonly arena: ChunkArena;
  private columns: EntryColumns;
  /** Handed to filters, one entry after another. */
  private readonly cursor: EntryView;
  private readonly perSlot: number;
  private head = 0;
  private count = 0;
  private evictedCount = 0;

  constructor(
    private readonly limit: BufferLimit,
    options: RingBufferOptions = {},
  ) {
    const index = options.index ?? { numbers: [], values: [], texts: [] };
    this.arena = new ChunkArena(chunkSizeFor(limit.maxBytes));
    this.columns = new EntryColumns(index, this.arena, FIRST_CAPACITY);
    this.cursor = new (entryViewClass(index, options.fields ?? []))(this.columns, 0);
    this.perSlot = slotBytes(index);
  }

  get size(): number {
    return this.count;
  }

  /** Real bytes held: chunks with stored texts, and the index columns as allocated. */
  get byteSize(): number {
    return this.arena.heldBytes + this.columns.capacity * this.perSlot;
  }

  /** How many entries the caps have pushed out since the last clear. */
  get evicted(): number {
    return this.evictedCount;
  }

  /**
   * Stores a copy of `item` (its JSON text); later changes to `item` are not seen. With `withJson`,
   * returns the item's whole JSON, serialized once for the buffer and the caller.
   */
  push(item: T, withJson = false): string | undefined {
    if (this.count === this.columns.capacity) this.grow();
    const json = this.columns.write(this.slot(this.count), item as unknown as Record<string, unknown>, withJson);
    this.count++;
    while (this.count > 1 && (this.count > this.limit.maxEntries || this.byteSize > this.limit.maxBytes))
      this.evictOldest();
    return json;
  }

  clear(): void {
    this.arena.clear();
    this.columns = new EntryColumns(this.columns.spec, this.arena, FIRST_CAPACITY);
    this.head = 0;
    this.count = 0;
    this.evictedCount = 0;
  }

  newest(): T | undefined {
    return this.count > 0 ? this.at(this.count - 1) : undefined;
  }

  /** The entry at `index` (0 = oldest), parsed from its stored text: a fresh object each call. */
  at(index: number): T {
    return this.columns.parse(this.slot(index)) as unknown as T;
  }

  /**
   * The entry at `index` for a filter: index fields without parsing. The same object is handed out
   * again for the next entry, so it is valid until the next call only: read it, do not keep it.
   */
  view(index: number): T {
    const cursor = this.cursor;
    cursor.columns = this.columns;
    cursor.slot = this.slot(index);
    cursor.parsed = undefined;
    return cursor as unknown as T;
  }

  seqAt(index: number): number {
    return this.columns.seqs[this.slot(index)]!;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = new Array(this.count);
    for (let i = 0; i < out.length; i++) out[i] = this.at(i);
    return out;
  }

  /** Index of the first entry whose seq is greater than `seq`. */
  indexAfter(seq: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seqAt(mid) <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  findBySeq(seq: number): T | undefined {
    const index = this.indexAfter(seq - 1);
    return index < this.count && this.seqAt(index) === seq ? this.at(index) : undefined;
  }

  private slot(index: number): number {
    const slot = this.head + index;
    return slot < this.columns.capacity ? slot : slot - this.columns.capacity;
  }

  private evictOldest(): void {
    this.columns.release(this.head);
    this.head = (this.head + 1) % this.columns.capacity;
    this.count--;
    this.evictedCount++;
  }

  /** Doubles the columns, but never past the count cap (plus the one slot a push needs before evicting). */
  private grow(): void {
    const capacity = Math.min(
      this.columns.capacity * 2,
      Math.max(this.limit.maxEntries + 1, this.columns.capacity + 1),
    );
    this.columns = this.columns.resized(capacity, this.head, this.count);
    this.head = 0;
  }
}
