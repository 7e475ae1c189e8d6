import type { StackFrame } from '../shared/protocol';
import type { MappedFrame } from '../shared/stackFrames';

/** A file that may exist, with the 1-based line and column to open it at. */
export interface JumpTarget {
  path: string;
  line: number;
  column: number;
}

/**
 * Where "go to source" may open an entry, most likely first: the original source of its mapped
 * location, then its script as captured. Pure (the caller checks which file exists), so it is tested
 * without VS Code.
 */
export function jumpTargets(
  mapped: MappedFrame | undefined,
  raw: StackFrame | undefined,
  folders: readonly string[],
  pathMapping: Readonly<Record<string, string>> = {},
): JumpTarget[] {
  const positions: [string, number, number][] = [];
  if (mapped?.original) positions.push([mapped.original.source, mapped.original.line, mapped.original.column]);
  const generated = mapped ?? raw;
  if (generated) positions.push([generated.url, generated.line, generated.column]);
  return positions.flatMap(([source, line, column]) =>
    workspaceCandidates(source, folders, pathMapping).map((path) => ({ path, line, column })),
  );
}

/**
 * Where a script URL or a source-map source might live in the workspace: candidates, most likely
 * first. Pure, so it is tested without VS Code. Covers Vite (`/src/...`, `/@fs/...`), webpack
 * (`webpack:///./src/...`), Next.js (`webpack-internal:///(app-pages-browser)/./app/...`), `file://`,
 * and the user's `browserDebug.sourceMaps.pathMapping` prefixes, which win.
 */
export function workspaceCandidates(
  source: string,
  folders: readonly string[],
  pathMapping: Readonly<Record<string, string>> = {},
): string[] {
  const out: string[] = [];
  const add = (path: string | undefined) => {
    if (path && !out.includes(path)) out.push(path);
  };
  const prefixes = Object.keys(pathMapping).sort((a, b) => b.length - a.length);
  const prefix = prefixes.find((candidate) => source.startsWith(candidate));
  if (prefix !== undefined) {
    const rest = source.slice(prefix.length).replace(/\?.*$/, '');
    for (const folder of folders.length ? folders : [''])
      add(join(pathMapping[prefix]!.split('${workspaceFolder}').join(folder), rest));
  }
  if (source.startsWith('file://')) add(decodeURIComponent(new URL(source).pathname));
  const relative = relativePart(source);
  if (relative === undefined) return out;
  if (relative.startsWith('/@fs/')) add(relative.slice('/@fs'.length));
  for (const folder of folders) {
    add(join(folder, relative));
    add(join(join(folder, 'public'), relative));
  }
  return out;
}

/** The path part that names a file in the project, or undefined when there is none. */
function relativePart(source: string): string | undefined {
  const bundler = /^webpack(?:-internal)?:\/\/[^/]*\/(?:\([^)]*\)\/)?(?:\.\/)?(.*)$/.exec(source);
  if (bundler) return '/' + bundler[1]!.replace(/\?.*$/, '');
  if (/^https?:\/\//.test(source)) {
    try {
      return decodeURIComponent(new URL(source).pathname);
    } catch {
      return undefined;
    }
  }
  if (source.startsWith('/')) return source.replace(/\?.*$/, '');
  if (/^\.?\.?\//.test(source) || /^[\w@-][\w./@-]*$/.test(source)) return '/' + source.replace(/^\.\//, '');
  return undefined;
}

function join(base: string, path: string): string {
  // Not node:path: the result must keep forward slashes whatever the platform of the test.
  if (!base) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
