/**
 * Framework frames folded: runs of frames from libraries (node_modules, Vite's pre-bundled deps,
 * webpack vendor chunks, React's own packages) become one line, so the app's frames stand out.
 * Pure, so MCP answers, the VS Code views and the dashboard fold alike. The HTTP API keeps every frame.
 */
import type { MappedFrame } from './stackFrames';

export type FoldedLine<F> = { frame: F } | { folded: number; library: string };

/** React's packages, named as they appear in Vite deps (`react-dom_client.js`) and bundles. */
const REACT_PACKAGES = /(?:^|[/_-])(react-dom|react|scheduler)(?:[_./-]|$)/;

/**
 * The library a script or source belongs to, or undefined for the app's own code.
 * `/node_modules/.vite/deps/react-dom_client.js?v=1` → `react-dom`; `webpack://app/./node_modules/lodash/x.js` → `lodash`;
 * `/vendors-node_modules_react-dom_client_js.js` → `react-dom`.
 */
export function libraryOf(location: string): string | undefined {
  const path = location.replace(/[?#].*$/, '');
  const deps = /\/\.vite\/deps\/([^/]+?)(?:\.js)?$/.exec(path);
  if (deps) return packageName(deps[1]!.replace(/^chunk-.*$/, 'vite deps'));
  const modules = [...path.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)].pop();
  // Next.js ships React inside itself: next/dist/compiled/react-dom.
  if (modules)
    return (
      /\/compiled\/(react-dom|react|scheduler)\//.exec(path)?.[1] ??
      (modules[1] === '.vite' ? 'vite deps' : modules[1]!)
    );
  const vendors = /(?:^|\/)(?:vendors?[-~.]|node_modules_)[^/]*$/.exec(path);
  if (vendors) return packageName(vendors[0]!.replace(/^\/?(?:vendors?[-~.])?(?:node_modules_)?/, '')) ?? 'vendors';
  if (/(?:^|\/)(?:framework|react-dom|react|scheduler)(?:[.-][^/]*)?\.js$/.test(path))
    return REACT_PACKAGES.exec(path.slice(path.lastIndexOf('/')))?.[1] ?? 'framework';
  return undefined;
}

/** `react-dom_client` → `react-dom`; other names pass through up to their first `_`. */
function packageName(chunk: string): string | undefined {
  if (!chunk) return undefined;
  const react = REACT_PACKAGES.exec(chunk);
  if (react) return react[1];
  return chunk.split('_')[0]!.replace(/\.js$/, '') || undefined;
}

/** Where a frame really is: its original source when mapped, else its script. */
export function frameLibrary(frame: MappedFrame): string | undefined {
  return frame.original ? libraryOf(frame.original.source) : libraryOf(frame.url);
}

/**
 * The frames with each run of library frames replaced by one `{folded, library}` line (the library
 * named is the run's most frequent one). A run of one frame stays as it is: folding it saves nothing.
 */
export function foldFrames<F extends MappedFrame>(frames: readonly F[]): FoldedLine<F>[] {
  const out: FoldedLine<F>[] = [];
  for (let i = 0; i < frames.length;) {
    const library = frameLibrary(frames[i]!);
    if (library === undefined) {
      out.push({ frame: frames[i++]! });
      continue;
    }
    const run: string[] = [];
    while (i < frames.length && frameLibrary(frames[i]!) !== undefined) run.push(frameLibrary(frames[i++]!)!);
    if (run.length === 1) out.push({ frame: frames[i - 1]! });
    else out.push({ folded: run.length, library: mostFrequent(run) });
  }
  return out;
}

/** `… 7 frames in react-dom`. */
export function foldedLabel(line: { folded: number; library: string }): string {
  return `… ${line.folded} frames in ${line.library}`;
}

function mostFrequent(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
