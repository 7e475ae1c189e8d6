import { ChunkArena, type TextLocation } from './chunkArena';
import { Interner } from './interner';

/** The fields kept beside each stored text, so filters run without parsing it. */
export interface IndexSpec {
  /** Numeric fields (absent: NaN, read back as undefined). `seq` is always kept. */
  numbers: readonly string[];
  /** Short values that repeat (a level, a method, a page load id), kept as shared strings. */
  values: readonly string[];
  /**
   * String fields searched as text (a message, a URL): stored as raw UTF-8 after the entry's JSON,
   * so a search decodes just that field instead of parsing the entry.
   */
  texts: readonly string[];
}

/** A text field the entry does not have. */
const ABSENT = 0xffffffff;

/** Bytes each slot takes in the columns: seq, the text's place, the index fields. */
export function slotBytes(spec: IndexSpec): number {
  return 8 + 12 + 8 * spec.numbers.length + 8 * spec.values.length + 4 * spec.texts.length;
}

/**
 * Column storage for a ring of entries: slot `i` holds one entry's seq, where its stored text lives
 * in the arena (the JSON, then the text fields), and its index fields. Typed arrays sit outside the
 * JS heap; the value columns hold pointers to interned strings. The owner does the ring arithmetic.
 */
export class EntryColumns {
  capacity: number;
  seqs: Float64Array;
  chunks: Uint32Array;
  offsets: Uint32Array;
  /** Bytes of the JSON part; the text fields follow it. */
  jsonLengths: Uint32Array;
  numbers: Float64Array[];
  values: unknown[][];
  textLengths: Uint32Array[];
  private readonly location: TextLocation = { chunk: 0, offset: 0, length: 0 };
  private readonly saved: unknown[];

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
    this.jsonLengths = new Uint32Array(capacity);
    this.numbers = spec.numbers.map(() => new Float64Array(capacity));
    this.values = spec.values.map(() => new Array<unknown>(capacity).fill(undefined));
    this.textLengths = spec.texts.map(() => new Uint32Array(capacity));
    this.saved = spec.texts.map(() => undefined);
  }

  /** Stores a copy of `entry` in slot `slot`; with `withJson`, returns the entry's whole JSON too (serialized once for both). */
  write(slot: number, entry: Record<string, unknown>, withJson = false): string | undefined {
    const json = this.storeText(slot, entry, withJson);
    this.seqs[slot] = entry.seq as number;
    for (let k = 0; k < this.numbers.length; k++) {
      const value = entry[this.spec.numbers[k]!];
      this.numbers[k]![slot] = typeof value === 'number' ? value : NaN;
    }
    for (let k = 0; k < this.values.length; k++)
      this.values[k]![slot] = this.interner.intern(entry[this.spec.values[k]!]);
    return json;
  }

  /** Forgets slot `slot`: its text may be freed and its strings collected. */
  release(slot: number): void {
    this.arena.release(this.chunks[slot]!);
    for (const column of this.values) column[slot] = undefined;
  }

  /** The whole entry, parsed from its stored text: a fresh object. */
  parse(slot: number): Record<string, unknown> {
    const jsonLength = this.jsonLengths[slot]!;
    let total = jsonLength;
    for (const column of this.textLengths) if (column[slot] !== ABSENT) total += column[slot]!;
    const whole = this.arena.read(this.chunks[slot]!, this.offsets[slot]!, total);
    // Pure ASCII (as many characters as bytes): one decode, and byte offsets are character offsets.
    const ascii = whole.length === total;
    const entry = JSON.parse(
      ascii ? whole.slice(0, jsonLength) : this.arena.read(this.chunks[slot]!, this.offsets[slot]!, jsonLength),
    ) as Record<string, unknown>;
    let at = jsonLength;
    for (let k = 0; k < this.textLengths.length; k++) {
      const length = this.textLengths[k]![slot]!;
      if (length === ABSENT) continue;
      entry[this.spec.texts[k]!] = ascii ? whole.slice(at, at + length) : this.text(slot, k);
      at += length;
    }
    return entry;
  }

  /** Text field `k` of slot `slot`, decoded alone. */
  text(slot: number, k: number): string | undefined {
    const length = this.textLengths[k]![slot]!;
    if (length === ABSENT) return undefined;
    let offset = this.offsets[slot]! + this.jsonLengths[slot]!;
    for (let before = 0; before < k; before++) {
      const other = this.textLengths[before]![slot]!;
      if (other !== ABSENT) offset += other;
    }
    return this.arena.read(this.chunks[slot]!, offset, length);
  }

  /** A copy with `capacity` slots, the `size` slots from `head` on moved to the start. */
  resized(capacity: number, head: number, size: number): EntryColumns {
    const next = new EntryColumns(this.spec, this.arena, capacity, this.interner);
    const pairs: [ArrayLike<unknown> & { [i: number]: unknown }, { [i: number]: unknown }][] = [
      [this.seqs, next.seqs],
      [this.chunks, next.chunks],
      [this.offsets, next.offsets],
      [this.jsonLengths, next.jsonLengths],
      ...this.numbers.map((column, k) => [column, next.numbers[k]!] as [Float64Array, Float64Array]),
      ...this.values.map((column, k) => [column, next.values[k]!] as [unknown[], unknown[]]),
      ...this.textLengths.map((column, k) => [column, next.textLengths[k]!] as [Uint32Array, Uint32Array]),
    ];
    for (const [from, to] of pairs) for (let i = 0; i < size; i++) to[i] = from[(head + i) % this.capacity];
    return next;
  }

  /**
   * One arena text per entry: its JSON without the text fields, then each text field's UTF-8.
   * The text fields are set aside on the entry during JSON.stringify (undefined is left out) and put back.
   */
  private storeText(slot: number, entry: Record<string, unknown>, withJson: boolean): string | undefined {
    const { texts } = this.spec;
    let textBytes = 0;
    for (let k = 0; k < texts.length; k++) {
      const value = entry[texts[k]!];
      this.saved[k] = value;
      if (typeof value !== 'string') {
        this.textLengths[k]![slot] = ABSENT;
        continue;
      }
      const length = Buffer.byteLength(value, 'utf8');
      this.textLengths[k]![slot] = length;
      textBytes += length;
      entry[texts[k]!] = undefined;
    }
    const json = JSON.stringify(entry);
    for (let k = 0; k < texts.length; k++) if (typeof this.saved[k] === 'string') entry[texts[k]!] = this.saved[k];
    const whole = withJson ? wholeJson(json, texts, this.saved) : undefined;
    const jsonBytes = Buffer.byteLength(json, 'utf8');
    const at = this.location;
    const chunk = this.arena.reserve(jsonBytes + textBytes, at);
    let offset = at.offset + chunk.write(json, at.offset, jsonBytes, 'utf8');
    for (let k = 0; k < texts.length; k++) {
      const value = this.saved[k];
      if (typeof value === 'string') offset += chunk.write(value, offset, this.textLengths[k]![slot]!, 'utf8');
      this.saved[k] = undefined;
    }
    this.chunks[slot] = at.chunk;
    this.offsets[slot] = at.offset;
    this.jsonLengths[slot] = jsonBytes;
    return whole;
  }
}

/** The entry's whole JSON, from its JSON without the text fields and those fields' values. */
function wholeJson(json: string, names: readonly string[], values: readonly unknown[]): string {
  let whole = json.slice(0, -1);
  let empty = json === '{}';
  for (let k = 0; k < names.length; k++) {
    const value = values[k];
    if (typeof value !== 'string') continue;
    whole += `${empty ? '' : ','}${JSON.stringify(names[k])}:${JSON.stringify(value)}`;
    empty = false;
  }
  return whole + '}';
}
