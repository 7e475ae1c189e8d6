/** Stack traces as text and as frames: one parser for the browser extension, the connector and MCP. */
import type { StackFrame } from './protocol';

export interface OriginalPosition {
  /** The original file, as the map names it (resolved against the map's URL). */
  source: string;
  /** 1-based, like the generated frame. */
  line: number;
  column: number;
  name?: string;
  /** That line of the original source, when the map embeds the sources. */
  code?: string;
}

/** A captured frame, with where it points in the original sources when a source map says so. */
export interface MappedFrame extends StackFrame {
  original?: OriginalPosition;
}

/** The name the page hook's script goes by in stacks: scripts/build.mjs reads it from here for its `//# sourceURL`. */
export const PAGE_HOOK_SOURCE_URL = 'browser-debug-page-hook.js';

/** V8: `    at fn (url:12:7)`, `    at async fn (url:12:7)`, `    at url:12:7`. */
const V8_LINE = /^\s*at (?:async )?(?:(.+?) \()?(.+?):(\d+):(\d+)\)?\s*$/;
/** Firefox and Safari: `fn@url:12:7`, `@url:12:7`. */
const GECKO_LINE = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/**
 * Frames from a stack trace in text form. Lines and columns stay 1-based, as in `Error.stack`; lines
 * that are not frames, our own extension's frames (the page hook's included) and eval'd code (no script to fetch) are skipped.
 */
export function parseStack(stack: string | readonly string[] | undefined): StackFrame[] {
  if (!stack) return [];
  const lines = typeof stack === 'string' ? stack.split('\n') : stack.flatMap((line) => line.split('\n'));
  const frames: StackFrame[] = [];
  for (const line of lines) {
    const match = V8_LINE.exec(line) ?? GECKO_LINE.exec(line);
    if (!match) continue;
    const [, name, url, row, column] = match;
    if (
      !url ||
      url.includes('<anonymous>') ||
      url.startsWith('eval at') ||
      url.startsWith('chrome-extension://') ||
      url === PAGE_HOOK_SOURCE_URL
    )
      continue;
    frames.push({ url, line: Number(row), column: Number(column), ...(name ? { functionName: name } : {}) });
  }
  return frames;
}

/** The frames a console entry carries, or those parsed from its stack text. */
export function framesOf(entry: { frames?: StackFrame[]; stack?: string | string[] }): StackFrame[] {
  if (entry.frames?.length) return entry.frames;
  return parseStack(entry.stack);
}

export function formatFrame(frame: StackFrame): string {
  return `${frame.url}:${frame.line}:${frame.column}`;
}

export function formatStack(frames: StackFrame[]): string[] {
  return frames.map(
    (frame) => `at ${frame.functionName ? `${frame.functionName} (${formatFrame(frame)})` : formatFrame(frame)}`,
  );
}

/** `file:line:column` (or `file:line`) from a `source` field, as a frame. */
export function parseLocation(source: string | undefined): StackFrame | undefined {
  const match = source ? (/^(.*):(\d+):(\d+)$/.exec(source) ?? /^(.*):(\d+)$/.exec(source)) : null;
  if (!match) return undefined;
  return { url: match[1]!, line: Number(match[2]), column: Number(match[3] ?? 1) };
}
