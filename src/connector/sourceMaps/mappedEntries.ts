import type { LocatableEntry } from '../../shared/entryLocation';
import type { MappedFrame } from '../../shared/stackFrames';
import type { EntryLocator } from './entryLocator';

/** What the HTTP API adds beside an entry's raw `source` and `frames`, which it keeps. */
export interface MappedFields {
  /** `<original file>:<line>:<column>` of the entry's location, when a source map resolves it. */
  originalSource?: string;
  /** The entry's frames (the first 25) with `original` positions where a map resolves them. */
  mappedFrames?: MappedFrame[];
}

/** The entries with their mapped location and frames beside the raw ones, each mapped once. */
export async function withMappedFields<T extends LocatableEntry>(entries: readonly T[], locator: EntryLocator): Promise<(T & MappedFields)[]> {
  await locator.locateAll(entries);
  return entries.map((entry) => {
    const location = locator.peek(entry);
    if (!location) return entry;
    const fields: MappedFields = {};
    const original = location.at?.original;
    // Without a query (`?v=…`, webpack's `?b635`), so `file:line:column` reads and parses as one.
    if (original) fields.originalSource = `${original.source.replace(/\?[^/]*$/, '')}:${original.line}:${original.column}`;
    if (location.frames.length) fields.mappedFrames = location.frames;
    return { ...entry, ...fields };
  });
}
