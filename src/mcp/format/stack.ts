import type { MappedFrame } from '../../connector/sourceMapper';
import { cut, shortLocation } from './text';

/** `src/App.tsx:12:7 (bundle /assets/index.js:1:2345)` when mapped, else the generated location. */
export function frameLocation(frame: MappedFrame): string {
  const generated = `${shortLocation(frame.url)}:${frame.line}:${frame.column}`;
  if (!frame.original) return generated;
  const { source, line, column } = frame.original;
  return `${shortLocation(source.replace(/^file:\/\//, ''))}:${line}:${column} (bundle ${generated})`;
}

/** One `at fn location` line per frame, then the original source line of the first mapped frame. */
export function renderStack(frames: readonly MappedFrame[], total: number): string[] {
  const mappedCount = frames.filter((frame) => frame.original).length;
  const note = mappedCount === 0 ? 'no source map reachable for these scripts' : mappedCount === frames.length ? 'source-mapped' : `${mappedCount} of ${frames.length} source-mapped`;
  const lines = [`Stack (${total} frame${total === 1 ? '' : 's'}, ${note}):`];
  for (const frame of frames) {
    const name = frame.original?.name ?? frame.functionName;
    lines.push(`  at ${name ? name + ' ' : ''}${frameLocation(frame)}`);
  }
  if (total > frames.length) lines.push(`  … ${total - frames.length} more frames`);
  const first = frames.find((frame) => frame.original?.code !== undefined)?.original;
  if (first?.code !== undefined) lines.push(`Code at ${shortLocation(first.source)}:${first.line}:`, `  ${first.line} | ${cut(first.code.trimEnd(), 300)}`);
  return lines;
}

/** `file:line:column` from a `source` field, for mapping like a frame. */
export function parseLocation(source: string): { url: string; line: number; column: number } | undefined {
  const match = /^(.*):(\d+):(\d+)$/.exec(source) ?? /^(.*):(\d+)$/.exec(source);
  if (!match) return undefined;
  return { url: match[1]!, line: Number(match[2]), column: Number(match[3] ?? 1) };
}
