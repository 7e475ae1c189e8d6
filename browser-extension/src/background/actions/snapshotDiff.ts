import type { SnapshotDiff } from '../../../../src/shared/actions';

/** Most diff lines an action answer carries; the rest are counted. */
const MAX_DIFF_LINES = 40;

function counts(lines: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of lines) map.set(line, (map.get(line) ?? 0) + 1);
  return map;
}

/** Lines only in `after` and lines only in `before` (as multisets, order kept), capped at MAX_DIFF_LINES together. */
export function diffLines(before: readonly string[], after: readonly string[]): SnapshotDiff {
  const left = counts(before);
  const right = counts(after);
  const only = (lines: readonly string[], own: Map<string, number>, other: Map<string, number>) => {
    const spare = new Map([...own].map(([line, count]) => [line, count - (other.get(line) ?? 0)]));
    return lines.filter((line) => {
      const remaining = spare.get(line) ?? 0;
      if (remaining <= 0) return false;
      spare.set(line, remaining - 1);
      return true;
    });
  };
  const added = only(after, right, left);
  const removed = only(before, left, right);
  const total = added.length + removed.length;
  const addedShown = Math.min(added.length, Math.max(MAX_DIFF_LINES / 2, MAX_DIFF_LINES - removed.length));
  const removedShown = Math.min(removed.length, MAX_DIFF_LINES - addedShown);
  return {
    added: added.slice(0, addedShown),
    removed: removed.slice(0, removedShown),
    more: total - addedShown - removedShown,
  };
}
