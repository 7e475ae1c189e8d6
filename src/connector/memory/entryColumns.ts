import { ChunkArena, type TextLocation } from './chunkArena';
import { Interner } from './interner';

/** The fields kept beside each stored text, so filters run without parsing it. */
export interface IndexSpec {
  /** Numeric fields (absent: NaN, read back as undefined). `seq` is always kept. */
  numbers: readonly string[];
  /** Short values that repeat (a level, a method, a page load id), kept as shared strings. */
  values: readonly string[];
}

/** Bytes each slot takes in the columns: seq, the text's place (chunk, offset, length), the index. */
export function slotBytes(spec: IndexSpec): number {
  return 8 + 12 + 8 * spec.numbers.length + 8 * spec.values.length;
}

/**
 * Column storage for a ring of entries: slot `i` holds one entry's seq, where its JSON text lives in
 * the arena, and its index fields. Typed arrays sit outside the JS heap; the value columns hold
 * pointers to interned strings. The owner does the ring arithmetic.
 */
export class EntryColumns {
  capacity: number;
  seqs: Float64Array;
  chunks: Uint32Array;
  offsets: Uint32Array;
  lengths: Uint32Array;
  numbers: Float64Array[];
  values: unknown[][];
  private readonly location: TextLocation = { chunk: 0, offset: 0, length: 0 };

  constructor(
    readonly spec: IndexSpec,
    readonly arena: ChunkArena,
    capacity: number,
    private readonly interner = new Interner(),
  ) {
    this.capacity = capacity;
    this.seqs = new Float64Array(capacity);
    this.chunks = new Uint32Array(capacity);
    this.offsets = new Uint32Array(capacity);
    this.lengths = new Uint32Array(capacity);
    this.numbers = spec.numbers.map(() => new Float64Array(capacity));
    this.values = spec.values.map(() => new Array<unknown>(capacity).fill(undefined));
  }

  /** Stores `entry` (with its serialized form `text`) in slot `slot`. */
  write(slot: number, entry: Record<string, unknown>, text: string): void {
    const at = this.arena.append(text, this.location);
    this.chunks[slot] = at.chunk;
    this.offsets[slot] = at.offset;
    this.lengths[slot] = at.length;
    this.seqs[slot] = entry.seq as number;
    for (let k = 0; k < this.numbers.length; k++) {
      const value = entry[this.spec.numbers[k]!];
      this.numbers[k]![slot] = typeof value === 'number' ? value : NaN;
    }
    for (let k = 0; k < this.values.length; k++) this.values[k]![slot] = this.interner.intern(entry[this.spec.values[k]!]);
  }

  /** Forgets slot `slot`: its text may be freed and its strings collected. */
  release(slot: number): void {
    this.arena.release(this.chunks[slot]!);
    for (const column of this.values) column[slot] = undefined;
  }

  text(slot: number): string {
    return this.arena.read(this.chunks[slot]!, this.offsets[slot]!, this.lengths[slot]!);
  }

  parse(slot: number): Record<string, unknown> {
    return JSON.parse(this.text(slot)) as Record<string, unknown>;
  }

  /** A copy with `capacity` slots, the `size` slots from `head` on moved to the start. */
  resized(capacity: number, head: number, size: number): EntryColumns {
    const next = new EntryColumns(this.spec, this.arena, capacity, this.interner);
    const order = (i: number) => (head + i) % this.capacity;
    for (let i = 0; i < size; i++) {
      const from = order(i);
      next.seqs[i] = this.seqs[from]!;
      next.chunks[i] = this.chunks[from]!;
      next.offsets[i] = this.offsets[from]!;
      next.lengths[i] = this.lengths[from]!;
      for (let k = 0; k < this.numbers.length; k++) next.numbers[k]![i] = this.numbers[k]![from]!;
      for (let k = 0; k < this.values.length; k++) next.values[k]![i] = this.values[k]![from];
    }
    return next;
  }
}
