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
export async function withMappedFields<T extends LocatableEntry>(
  entries: readonly T[],
  locator: EntryLocator,
): Promise<(T & MappedFields)[]> {
  await locator.locateAll(entries);
  return entries.map((entry) => {
    const location = locator.peek(entry);
    if (!location) return entry;
    const fields: MappedFields = {};
    const original = location.at?.original;
    // Without a query (`?v=…`, webpack's `?b635`), so `file:line:column` reads and parses as one.
    if (original) fields.originalSource = withoutQuery(original);
    if (location.frames.length) fields.mappedFrames = location.frames;
    return { ...entry, ...fields };
  });
}

/** The original location of the page code that started a request, e.g. `webpack://app/./src/api.ts:7:5`. */
export async function withOriginalInitiators<T extends { initiator?: string }>(
  requests: readonly T[],
  locator: EntryLocator,
): Promise<(T & { originalInitiator?: string })[]> {
  const sources = requests.map((request) => ({ source: request.initiator }));
  await locator.locateAll(sources.filter((source) => source.source));
  return requests.map((request, i) => {
    const original = request.initiator ? locator.peek(sources[i]!)?.at?.original : undefined;
    return original ? { ...request, originalInitiator: withoutQuery(original) } : request;
  });
}

function withoutQuery(original: { source: string; line: number; column: number }): string {
  return `${original.source.replace(/\?[^/]*$/, '')}:${original.line}:${original.column}`;
}
