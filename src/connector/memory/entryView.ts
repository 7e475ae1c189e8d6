import type { EntryColumns } from './entryColumns';

/** What a filter sees of one stored entry: reads like the entry, valid during the call only. */
export interface EntryView {
  readonly columns: EntryColumns;
  readonly slot: number;
}

export type EntryViewClass = new (columns: EntryColumns, slot: number) => EntryView;

/**
 * A class whose instances read like stored entries: index fields come from the columns, a text field
 * (a message, a URL) is decoded alone, and any other field parses the stored entry once (on first
 * use, for that view). List filters and text searches never parse a whole entry.
 */
export function entryViewClass(columns: Pick<EntryColumns, 'spec'>, fields: readonly string[]): EntryViewClass {
  class View implements EntryView {
    parsed: Record<string, unknown> | undefined = undefined;
    constructor(
      readonly columns: EntryColumns,
      readonly slot: number,
    ) {}
  }
  const define = (name: string, get: (this: View) => unknown) => Object.defineProperty(View.prototype, name, { get, enumerable: true, configurable: false });
  define('seq', function () {
    return this.columns.seqs[this.slot];
  });
  define('id', function () {
    return String(this.columns.seqs[this.slot]);
  });
  columns.spec.numbers.forEach((name, k) =>
    define(name, function () {
      const value = this.columns.numbers[k]![this.slot]!;
      return Number.isNaN(value) ? undefined : value;
    }),
  );
  columns.spec.values.forEach((name, k) =>
    define(name, function () {
      return this.columns.values[k]![this.slot];
    }),
  );
  columns.spec.texts.forEach((name, k) =>
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
