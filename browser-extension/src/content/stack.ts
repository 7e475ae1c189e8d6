import type { StackFrame } from '../../../src/shared/protocol';

/** `    at fn (http://host/app.js:12:5)` or `    at http://host/app.js:12:5`, as V8 prints them. */
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** Parses a V8 stack into frames, skipping our own (extension) frames. */
export function parseStack(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line);
    if (!match) continue;
    const [, functionName, url, lineNo, column] = match;
    if (url!.startsWith('chrome-extension://')) continue;
    frames.push({ url: url!.replace(/^async /, ''), line: Number(lineNo), column: Number(column), ...(functionName ? { functionName } : {}) });
  }
  return frames;
}

export function formatFrame(frame: StackFrame): string {
  return `${frame.url}:${frame.line}:${frame.column}`;
}

export function formatStack(frames: StackFrame[]): string[] {
  return frames.map((frame) => `at ${frame.functionName ? `${frame.functionName} (${formatFrame(frame)})` : formatFrame(frame)}`);
}
