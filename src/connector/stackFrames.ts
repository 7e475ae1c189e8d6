import type { StackFrame } from '../shared/protocol';

/** V8: `    at fn (url:12:7)`, `    at async fn (url:12:7)`, `    at url:12:7`. */
const V8_LINE = /^\s*at (?:async )?(?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
/** Firefox and Safari: `fn@url:12:7`, `@url:12:7`. */
const GECKO_LINE = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/**
 * Frames from a stack trace in text form, for captures that carry no `frames` array.
 * Lines and columns stay 1-based, as in `Error.stack`; lines that are not frames are skipped.
 */
export function parseStack(stack: string | readonly string[]): StackFrame[] {
  const lines = typeof stack === 'string' ? stack.split('\n') : stack.flatMap((line) => line.split('\n'));
  const frames: StackFrame[] = [];
  for (const line of lines) {
    const match = V8_LINE.exec(line) ?? GECKO_LINE.exec(line);
    if (!match) continue;
    const [, name, url, row, column] = match;
    // `at eval (eval at fn (url:1:2), <anonymous>:3:4)` names no script we can fetch.
    if (!url || url.includes('<anonymous>') || url.startsWith('eval at')) continue;
    frames.push({ url, line: Number(row), column: Number(column), ...(name ? { functionName: name } : {}) });
  }
  return frames;
}

/** The frames a console entry carries, or those parsed from its stack text. */
export function framesOf(entry: { frames?: StackFrame[]; stack?: string | string[] }): StackFrame[] {
  if (entry.frames?.length) return entry.frames;
  return entry.stack ? parseStack(entry.stack) : [];
}
