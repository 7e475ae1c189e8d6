/**
 * Repeats collapsed, as DevTools shows them: identical consecutive entries (same level, message and
 * location) become one row with a count. Only the views collapse; the store keeps every entry.
 */

export interface Repeated<T> {
  /** The first of the run. */
  entry: T;
  /** Every entry of the run, oldest first (`entries[0] === entry`). */
  entries: T[];
}

/** Runs of consecutive entries with the same key, in order. */
export function collapseRepeats<T>(entries: readonly T[], keyOf: (entry: T) => string): Repeated<T>[] {
  const out: Repeated<T>[] = [];
  let lastKey: string | undefined;
  for (const entry of entries) {
    const key = keyOf(entry);
    const last = out[out.length - 1];
    if (last && key === lastKey) last.entries.push(entry);
    else out.push({ entry, entries: [entry] });
    lastKey = key;
  }
  return out;
}

/** The key a console entry repeats by: level, message and where it was logged. */
export function consoleRepeatKey(
  entry: { type: string; level?: string; message: string; source?: string },
  location = entry.source ?? '',
): string {
  return `${entry.type === 'console-error' ? 'error' : entry.level}\u0000${entry.message}\u0000${location}`;
}

/** ` ×3`, or nothing for a single entry. */
export function repeatSuffix(times: number): string {
  return times > 1 ? ` ×${times}` : '';
}
