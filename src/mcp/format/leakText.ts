import type { LeakGroup, LeakReport } from '../../shared/leaks';
import { fencePage } from './fence';

const MAX_CHARS = 3_000;

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** One group on a few lines; names, retainers and URLs are the page's, so they go inside the fence. */
function groupLines(leak: LeakGroup, index: number): string[] {
  const where = leak.location ? `${leak.location.file}:${leak.location.line}:${leak.location.column}` : 'unknown';
  return [
    `${index + 1}. ${leak.name}: +${leak.perIteration} per iteration, retains ${kb(leak.retainedBytes)}`,
    `   held by: ${leak.location ? where : 'no closure on its path'}`,
    `   retainers: ${leak.retainers.join(' → ')}`,
  ];
}

/** The heap after GC per iteration on one line: first → last, and the mean step between them. */
export function growthTrend(report: Pick<LeakReport, 'growth'>): string | undefined {
  const { growth } = report;
  if (growth.length < 2) return undefined;
  const first = growth[0]!.usedBytes;
  const last = growth[growth.length - 1]!.usedBytes;
  const step = (last - first) / (growth.length - 1);
  const sign = step >= 0 ? '+' : '−';
  return `Heap after GC, iterations 1–${growth.length}: ${kb(first)} → ${kb(last)} (${sign}${kb(Math.abs(step))} per iteration).`;
}

/** The find_leaks answer: the verdict first, then growth, then the groups (fenced), within 3,000 characters. */
export function leakText(report: LeakReport): string {
  const head = [
    `Verdict: ${report.verdict === 'leak' ? 'leak' : 'no leak'}`,
    `Recording ${report.recordingId}, ${report.iterations} iterations after a warm-up, in ${(report.durationMs / 1000).toFixed(1)} s.`,
    report.verdict === 'leak'
      ? `Growth per iteration: ${report.growthPerIteration.objects} objects, ${kb(report.growthPerIteration.bytes)}.`
      : 'Nothing the page allocated grew with the iterations and stayed retained after GC.',
  ];
  const trend = growthTrend(report);
  if (trend) head.push(trend);
  if (report.snapshots) head.push(`Heap snapshots kept: ${report.snapshots.join(', ')}`);
  if (report.verdict !== 'leak') return head.join('\n');
  head.push(
    `${report.leaks.length} leak group(s), largest first; "held by" is the closure or listener that keeps them:`,
  );
  const tail =
    'Fix: release what the holder keeps (remove the listener, clear the reference) and call find_leaks again.';
  let lines: string[] = [];
  for (const [index, leak] of report.leaks.entries()) {
    const next = [...lines, ...groupLines(leak, index)];
    if (head.join('\n').length + fencePage(next).length + tail.length + 2 > MAX_CHARS) break;
    lines = next;
  }
  return [...head, fencePage(lines), tail].join('\n');
}
