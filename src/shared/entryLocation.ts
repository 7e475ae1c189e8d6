/**
 * One location per entry, original first: what every view shows for "where did this happen".
 * The connector (and VS Code) map frames through source maps; these pure helpers pick and print them.
 */
import type { StackFrame } from './protocol';
import { frameLibrary } from './frameFolding';
import { framesOf, parseLocation, type MappedFrame } from './stackFrames';

export interface LocatableEntry {
  source?: string;
  frames?: StackFrame[];
  stack?: string | string[];
}

/** An entry's location once mapped: `at` is what lists show, `frames` its (first) frames. */
export interface EntryLocation {
  at?: MappedFrame;
  frames: MappedFrame[];
  /** Frames the entry has, of which `frames` are the first. */
  totalFrames: number;
}

/** The frame an entry points at, before mapping: its `source`, else its first frame. */
export function rawLocation(entry: LocatableEntry): StackFrame | undefined {
  return parseLocation(entry.source) ?? framesOf(entry)[0];
}

/**
 * The frame to show for an entry, mapped: its `source` (the calling frame) when that is the app's own
 * code, else its first frame in the app's code (a framework's console wrapper, such as Next.js's, or a
 * library's warning point at the app's line, as DevTools' ignore list does), else its source or first frame.
 */
export function pickLocation(
  mappedSource: MappedFrame | undefined,
  frames: readonly MappedFrame[],
): MappedFrame | undefined {
  if (mappedSource && frameLibrary(mappedSource) === undefined) return mappedSource;
  return frames.find((frame) => frameLibrary(frame) === undefined) ?? mappedSource ?? frames[0];
}

/**
 * A source or script as a reader knows it: `http://localhost:5173/src/App.tsx` → `/src/App.tsx`,
 * `webpack://app/./src/index.js` → `src/index.js`, `/@fs/home/me/app/x.ts` → `/home/me/app/x.ts`, no query.
 */
export function sourceLabel(source: string): string {
  const bundler = /^webpack(?:-internal)?:\/\/[^/]*\/(?:\([^)]*\)\/)?(?:\.\/)?(.*)$/.exec(source);
  if (bundler) return bundler[1]!.replace(/\?.*$/, '');
  return source
    .replace(/^file:\/\//, '')
    .replace(/^https?:\/\/[^/]+/, '')
    .replace(/^\/@fs\//, '/')
    .replace(/\?.*$/, '');
}

/** `/src/App.tsx:6:5`: the original position when mapped, else the script's. */
export function locationLabel(frame: MappedFrame): string {
  if (frame.original) return `${sourceLabel(frame.original.source)}:${frame.original.line}:${frame.original.column}`;
  return `${sourceLabel(frame.url)}:${frame.line}:${frame.column}`;
}

/** `App.tsx:6`, DevTools style, for narrow places like tree rows. */
export function shortLocationLabel(frame: MappedFrame): string {
  const file =
    (frame.original ? sourceLabel(frame.original.source) : sourceLabel(frame.url)).split('/').pop() || frame.url;
  return `${file}:${frame.original ? frame.original.line : frame.line}`;
}
