import type { SnapshotLine } from './axTree';

/** Share of the budget that keeps the page's start whole; the rest goes to interactive elements below it. */
const START_SHARE = 0.4;
/** Room kept for the closing line. */
const TAIL_ROOM = 400;

export interface BudgetedSnapshot {
  text: string;
  shownLines: number;
  omitted: number;
}

/** Lines under each line (its subtree), for naming what to narrow to. */
function subtreeSizes(lines: SnapshotLine[]): number[] {
  const sizes = new Array<number>(lines.length).fill(0);
  const open: number[] = [];
  lines.forEach((line, index) => {
    while (open.length && lines[open.at(-1)!]!.depth >= line.depth) open.pop();
    for (const ancestor of open) sizes[ancestor]!++;
    open.push(index);
  });
  return sizes;
}

function someCut(kept: Set<number>, first: number, last: number): boolean {
  for (let i = first; i <= last; i++) if (!kept.has(i)) return true;
  return false;
}

/** Where to narrow: the biggest element subtrees that were cut, by ref, largest first. */
function narrowHints(lines: SnapshotLine[], kept: Set<number>): string {
  const sizes = subtreeSizes(lines);
  const candidates = lines
    .map((line, index) => ({ line, index, size: sizes[index]! }))
    .filter(({ line, index, size }) => line.ref && size >= 20 && someCut(kept, index + 1, index + size))
    .sort((a, b) => b.size - a.size)
    .slice(0, 3);
  if (!candidates.length) return '';
  const named = candidates.map(
    ({ line, size }) =>
      `ref ${line.ref} (${line.text
        .trim()
        .replace(/^- /, '')
        .replace(/ \[ref=e\d+\]$/, '')
        .slice(0, 60)}, ${size} lines)`,
  );
  return ` Large parts: ${named.join('; ')}.`;
}

/**
 * Fits the lines into maxChars: the start of the page whole, then interactive elements in page order,
 * then one line that says what was left out and how to narrow (a selector or a ref).
 */
export function fitSnapshot(lines: SnapshotLine[], maxChars: number): BudgetedSnapshot {
  const total = lines.reduce((sum, line) => sum + line.text.length + 1, 0);
  if (total <= maxChars)
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
  const omitted = lines.length - kept.size;
  const omittedInteractive = lines.filter((line, i) => line.interactive && !kept.has(i)).length;
  const tail =
    `[Snapshot cut to about ${maxChars} characters: ${kept.size} of ${lines.length} lines shown (the start of the page, then interactive elements only); ` +
    `${omitted} lines left out, ${omittedInteractive} of them interactive. To see more, call take_snapshot with selector = a CSS selector or a ref of a part, or a larger maxChars.${narrowHints(lines, kept)}]`;
  return { text: [...shown, tail].join('\n'), shownLines: kept.size, omitted };
}
