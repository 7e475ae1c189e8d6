import { repeatSuffix, type Repeated } from '../../shared/repeats';
import type { ToolAnswer } from '../tool';
import { fencePage } from './fence';
import { count, isoTime } from './text';

/** Room kept for the header and footer lines and the fence around the entries. */
const FRAME_RESERVE = 850;

export interface ListPage<T> {
  /** Heading word, e.g. `Console` or `Network`. */
  title: string;
  /** Singular and plural noun, e.g. `['console entry', 'console entries']`. */
  noun: readonly [string, string];
  /** Oldest first: the newest `limit` entries that matched before the cursor. */
  entries: readonly T[];
  /** Entries matching the filters and older than the cursor. */
  matchedBefore: number;
  /** Entries matching the filters, whatever the cursor. */
  matched: number;
  /** Entries the queried buffers hold. */
  stored: number;
  /** e.g. `level ≥ warn, since 2026-…`; empty when unfiltered. */
  filters: string;
  line(entry: T): string;
  seq(entry: T): number;
  timestamp(entry: T): number;
  /** How to narrow the list, e.g. `narrow with level, search or since`. */
  narrow: string;
  /** How to see one entry in full. */
  detail: string;
  budget: number;
  /** When set, consecutive entries with the same key show as one line ending in `×N`. */
  repeatKey?(entry: T): string;
}

/**
 * A list answer: a "showing X–Y of N" header, one line per entry oldest first, and how to get more.
 * When the lines do not fit the budget, the oldest are left out: the newest always stay. The entry
 * lines hold page text, so they sit in one fence; the header and footer are ours.
 */
export function renderList<T>(page: ListPage<T>): ToolAnswer {
  const filterNote = page.filters ? `; ${page.filters}` : '';
  if (page.entries.length === 0) {
    const why = page.matched > 0 ? 'none older than the cursor' : `none match${filterNote ? ` (${page.filters})` : ''}`;
    return {
      text: `${page.title}: ${why}; ${count(page.stored)} stored. ${page.stored ? capitalize(page.narrow) + '.' : ''}`.trim(),
    };
  }
  const fitting = newestRunsThatFit(
    runsNewestFirst(page.entries, page.repeatKey),
    (run) => page.line(run.entry) + repeatSuffix(run.entries.length),
    page.budget - FRAME_RESERVE,
  );
  const lines = fitting.lines;
  const shown = fitting.runs.flatMap((run) => run.entries);
  const fit = shown.length;
  const last = page.matchedBefore;
  const first = last - fit + 1;
  const cutNote =
    fit < page.entries.length
      ? ` The oldest ${count(page.entries.length - fit)} of the ${count(page.entries.length)} asked for were left out to keep the answer within its size budget.`
      : '';
  const header =
    `${page.title}: showing ${count(first)}–${count(last)} of ${count(page.matched)} ${page.matched === 1 ? page.noun[0] : page.noun[1]} (${count(page.stored)} stored${filterNote}), ` +
    `oldest first${lines.length < fit ? ', consecutive repeats once with ×N' : ''}, ${isoTime(page.timestamp(shown[0]!)).slice(0, 10)} UTC.${cutNote}`;
  const more: string[] = [];
  if (first > 1) more.push(`older: before="${page.seq(shown[0]!)}"`);
  more.push(page.narrow, page.detail);
  const footer = `More: ${more.join('; ')}.`;
  return { text: [header, fencePage(lines), footer].join('\n'), shown: shown.map(page.seq) };
}

/**
 * Runs of identical consecutive entries (one per entry without `repeatKey`), newest first, made only
 * as far as they are read: a 1000-entry page keys only the entries that fit the budget.
 */
function* runsNewestFirst<T>(
  entries: readonly T[],
  repeatKey: ((entry: T) => string) | undefined,
): Generator<Repeated<T>> {
  for (let end = entries.length - 1; end >= 0;) {
    let start = end;
    if (repeatKey) {
      const key = repeatKey(entries[end]!);
      while (start > 0 && repeatKey(entries[start - 1]!) === key) start--;
    }
    yield { entry: entries[start]!, entries: entries.slice(start, end + 1) };
    end = start - 1;
  }
}

/** The newest runs whose lines fit in `budget` characters, oldest first; the newest is always kept. */
function newestRunsThatFit<T>(
  runs: Iterable<Repeated<T>>,
  line: (run: Repeated<T>) => string,
  budget: number,
): { runs: Repeated<T>[]; lines: string[] } {
  const kept: Repeated<T>[] = [];
  const lines: string[] = [];
  let used = 0;
  for (const run of runs) {
    const text = line(run);
    used += text.length + 1;
    if (used > budget && lines.length > 0) break;
    kept.push(run);
    lines.push(text);
  }
  return { runs: kept.reverse(), lines: lines.reverse() };
}

/**
 * The lines of the newest entries that fit in `budget` characters (with their newlines), oldest first.
 * Lines are made newest first and only until the budget is spent: a 1000-entry page costs what it shows.
 * The newest line is always kept (entry lines are short: their long fields are cut).
 */
export function newestThatFit<T>(entries: readonly T[], line: (entry: T) => string, budget: number): string[] {
  const lines: string[] = [];
  let used = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const text = line(entries[i]!);
    used += text.length + 1;
    if (used > budget && lines.length > 0) break;
    lines.push(text);
  }
  return lines.reverse();
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
