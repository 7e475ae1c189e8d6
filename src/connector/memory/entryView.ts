import type { EntryColumns, IndexSpec } from './entryColumns';

/** What a filter sees of one stored entry: reads like the entry, valid during the call only. */
export interface EntryView {
  columns: EntryColumns;
  slot: number;
  /** The whole entry, once a field outside the index was read. */
  parsed: Record<string, unknown> | undefined;
}

export type EntryViewClass = new (columns: EntryColumns, slot: number) => EntryView;

/** One class per index and field list, so buffers alike share it and filters see one shape (and stay fast). */
const classes = new WeakMap<IndexSpec, WeakMap<readonly string[], EntryViewClass>>();

export function entryViewClass(spec: IndexSpec, fields: readonly string[]): EntryViewClass {
  let bySpec = classes.get(spec);
  if (!bySpec) classes.set(spec, (bySpec = new WeakMap()));
  let View = bySpec.get(fields);
  if (!View) bySpec.set(fields, (View = defineViewClass(spec, fields)));
  return View;
}

/**
 * A class whose instances read like stored entries: index fields come from the columns, a text field
 * (a message, a URL) is decoded alone, and any other field parses the stored entry once (on first
 * use, for that view). List filters and text searches never parse a whole entry.
 */
function defineViewClass(spec: IndexSpec, fields: readonly string[]): EntryViewClass {
  class View implements EntryView {
    parsed: Record<string, unknown> | undefined = undefined;
    constructor(
      public columns: EntryColumns,
      public slot: number,
    ) {}
  }
  const define = (name: string, get: (this: View) => unknown) =>
    Object.defineProperty(View.prototype, name, { get, enumerable: true, configurable: false });
  define('seq', function () {
    return this.columns.seqs[this.slot];
  });
  define('id', function () {
    return String(this.columns.seqs[this.slot]);
  });
  spec.numbers.forEach((name, k) =>
    define(name, function () {
      const value = this.columns.numbers[k]![this.slot]!;
      return Number.isNaN(value) ? undefined : value;
    }),
  );
  spec.values.forEach((name, k) =>
    define(name, function () {
      return this.columns.values[k]![this.slot];
    }),
  );
  spec.texts.forEach((name, k) =>
    define(name, function () {
      return this.parsed ? this.parsed[name] : this.columns.text(this.slot, k);
    }),
  );
  for (const name of fields) {
    if (Object.prototype.hasOwnProperty.call(View.prototype, name)) continue;
    define(name, function () {
      this.parsed ??= this.columns.parse(this.slot);
      return this.parsed[name];
    });
  }
  return View;
}
