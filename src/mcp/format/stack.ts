import { foldedLabel, foldFrames } from '../../shared/frameFolding';
import { locationLabel, sourceLabel } from '../../shared/entryLocation';
import type { MappedFrame } from '../../shared/stackFrames';
import { cut, shortLocation } from './text';

/** `/src/App.tsx:12:7 (bundle /assets/index.js:1:2345)` when mapped, else the generated location. */
export function frameLocation(frame: MappedFrame): string {
  const generated = `${shortLocation(frame.url)}:${frame.line}:${frame.column}`;
  if (!frame.original) return generated;
  return `${locationLabel(frame)} (bundle ${generated})`;
}

/**
 * One `at fn location` line per frame of the app, each run of framework frames folded into one
 * `… 7 frames in react-dom` line, then the original source line of the first mapped frame.
 */
export function renderStack(frames: readonly MappedFrame[], total: number): string[] {
  const mappedCount = frames.filter((frame) => frame.original).length;
  const note =
    mappedCount === 0
      ? 'no source map reachable for these scripts'
      : mappedCount === frames.length
        ? 'source-mapped'
        : `${mappedCount} of ${frames.length} source-mapped`;
  const lines = [`Stack (${total} frame${total === 1 ? '' : 's'}, ${note}):`];
  for (const line of foldFrames(frames)) {
    if ('folded' in line) {
      lines.push(`  ${foldedLabel(line)}`);
      continue;
    }
    const name = line.frame.original?.name ?? line.frame.functionName;
    lines.push(`  at ${name ? name + ' ' : ''}${frameLocation(line.frame)}`);
  }
  if (total > frames.length) lines.push(`  … ${total - frames.length} more frames`);
  const first = frames.find((frame) => frame.original?.code !== undefined)?.original;
  if (first?.code !== undefined)
    lines.push(
      `Code at ${sourceLabel(first.source)}:${first.line}:`,
      `  ${first.line} | ${cut(first.code.trimEnd(), 300)}`,
    );
  return lines;
}
