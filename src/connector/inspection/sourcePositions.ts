import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourcePosition } from '../../shared/inspection';

/** How far up a file's folders the app's own folder (the nearest package.json) is looked for. */
const MAX_DEPTH = 12;

/** The nearest folder above `file` holding a package.json: the app the dev server serves. */
export function projectRoot(file: string): string | undefined {
  let dir = dirname(file);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/** An absolute file as shown: relative to its app's folder (`src/App.css`), with the absolute path kept for editors. */
export function fileSource(file: string, line: number, column?: number): SourcePosition {
  const path = file.startsWith('file://') ? fileURLToPath(file) : file.replace(/[?#].*$/, '');
  const position: SourcePosition = { source: path, line, ...(column ? { column } : {}) };
  if (!isAbsolute(path) || !existsSync(path)) return position;
  const root = projectRoot(path);
  return { ...position, source: root ? relative(root, path).split(sep).join('/') : path, file: path };
}

/**
 * A source a map names, as shown: a path on this machine relative to its app, a URL of the page's own
 * origin as its path (`src/App.tsx`), anything else as the map says.
 */
export function mappedSource(
  source: string,
  pageUrl: string | undefined,
  line: number,
  column?: number,
): SourcePosition {
  if (source.startsWith('file://') || isAbsolute(source)) return fileSource(source, line, column);
  try {
    const url = new URL(source);
    if (pageUrl && url.origin === new URL(pageUrl).origin) {
      const path = decodeURIComponent(url.pathname);
      // Vite serves files outside its root under /@fs/<absolute path>.
      if (path.startsWith('/@fs/')) return fileSource(path.slice(4), line, column);
      return { source: path.replace(/^\//, ''), line, ...(column ? { column } : {}) };
    }
  } catch {
    // not a URL: shown as is
  }
  return { source, line, ...(column ? { column } : {}) };
}
