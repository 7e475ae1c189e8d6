import type { LineReader, SnapshotLine } from './axTypes';

/** Share of the budget that keeps the page's start whole; the rest goes to interactive elements below it. */
const START_SHARE = 0.4;
/** Room kept for the closing line. */
const TAIL_ROOM = 400;

/** What a walk that stopped at the budget left unread, estimated from the siblings it read (rows are alike). */
export interface Unread {
  lines: number;
  interactive: number;
  /** Unread lines beneath a line, by its index. */
  under: Map<number, number>;
}

export interface BudgetedSnapshot {
  text: string;
  shownLines: number;
  omitted: number;
  /** The counts include estimates of what was not read. */
  estimated?: boolean;
}

/** Lines under each line (its subtree), for naming what to narrow to. */
function subtreeSizes(lines: SnapshotLine[], unread?: Unread): number[] {
  const sizes = new Array<number>(lines.length).fill(0);
  const open: number[] = [];
  lines.forEach((line, index) => {
    while (open.length && lines[open.at(-1)!]!.depth >= line.depth) open.pop();
    for (const ancestor of open) sizes[ancestor]!++;
    open.push(index);
    const extra = unread?.under.get(index);
    if (extra) for (const holder of open) sizes[holder]! += extra;
  });
  return sizes;
}

function someCut(kept: Set<number>, first: number, last: number, unread?: Unread): boolean {
  for (let i = first; i <= last; i++) if (!kept.has(i) || unread?.under.has(i)) return true;
  return !!unread?.under.has(first - 1);
}

/** Where to narrow: the biggest element subtrees that were cut, by ref, largest first. */
function narrowHints(lines: SnapshotLine[], kept: Set<number>, unread?: Unread): string {
  const sizes = subtreeSizes(lines, unread);
  const about = unread ? 'about ' : '';
  const candidates = lines
    .map((line, index) => ({ line, index, size: sizes[index]! }))
    .filter(({ line, index, size }) => line.ref && size >= 20 && someCut(kept, index + 1, index + size, unread))
    .sort((a, b) => b.size - a.size)
    .slice(0, 3);
  if (!candidates.length) return '';
  const named = candidates.map(
    ({ line, size }) =>
      `ref ${line.ref} (${line.text
        .trim()
        .replace(/^e\d+ /, '')
        .slice(0, 60)}, ${about}${size} lines)`,
  );
  return ` Large parts: ${named.join('; ')}.`;
}

/**
 * Fits the lines into maxChars: the start of the page whole, then interactive elements in page order,
 * then one line that says what was left out and how to narrow (a selector or a ref). With `unread`, the lines
 * are what a walk read before its budget was full, and the counts of the rest are estimates.
 */
export function fitSnapshot(lines: SnapshotLine[], maxChars: number, unread?: Unread): BudgetedSnapshot {
  const total = lines.reduce((sum, line) => sum + line.text.length + 1, 0);
  if (total <= maxChars && !unread)
    return { text: lines.map((line) => line.text).join('\n'), shownLines: lines.length, omitted: 0 };
  const room = Math.max(200, maxChars - TAIL_ROOM);
  const kept = new Set<number>();
  let used = 0;
  let index = 0;
  for (; index < lines.length && used + lines[index]!.text.length + 1 <= room * START_SHARE; index++) {
    kept.add(index);
    used += lines[index]!.text.length + 1;
  }
  for (let i = index; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.interactive || used + line.text.length + 1 > room) continue;
    kept.add(i);
    used += line.text.length + 1;
  }
  const shown = lines.filter((_, i) => kept.has(i)).map((line) => line.text);
  const all = lines.length + (unread?.lines ?? 0);
  const omitted = all - kept.size;
  const omittedInteractive =
    lines.filter((line, i) => line.interactive && !kept.has(i)).length + (unread?.interactive ?? 0);
  const about = unread ? 'about ' : '';
  const tail =
    `[Snapshot cut to about ${maxChars} characters: ${kept.size} of ${about}${all} lines shown (the start of the page, then interactive elements only); ` +
    `${about}${omitted} lines left out, ${omittedInteractive} of them interactive. To see more, call take_snapshot with selector = a CSS selector or a ref of a part, or a larger maxChars.${narrowHints(lines, kept, unread)}]`;
  return { text: [...shown, tail].join('\n'), shownLines: kept.size, omitted };
}

/**
 * Reads a walk's lines as fitSnapshot will keep them, and ends the walk once the budget is full and the page
 * is known to be over it: lines below would not be shown. `over` ends it too (too much read: the caller falls
 * back to the whole tree). What each cut-short node left unread is estimated from the siblings it read.
 */
export function budgetReader(maxChars: number, over: () => boolean): LineReader & { rest: Unread; overrun: boolean } {
  const room = Math.max(200, maxChars - TAIL_ROOM);
  let used = 0;
  let total = 0;
  let starting = true;
  let misfit = false;
  const rest: Unread = { lines: 0, interactive: 0, under: new Map() };
  return {
    rest,
    done: false,
    overrun: false,
    read(line) {
      const size = line.text.length + 1;
      total += size;
      starting &&= used + size <= room * START_SHARE;
      if (starting || (line.interactive && used + size <= room)) used += size;
      else if (line.interactive) misfit = true;
      if (misfit && total > maxChars) this.done = true;
      else if (over()) this.done = this.overrun = true;
    },
    unread(owner, count, sample, read) {
      if (!count) return;
      const lines = Math.round((count * (read ? sample.length : 1)) / Math.max(1, read));
      rest.lines += lines;
      rest.interactive += Math.round((count * sample.filter((line) => line.interactive).length) / Math.max(1, read));
      if (owner >= 0) rest.under.set(owner, (rest.under.get(owner) ?? 0) + lines);
    },
  };
}
