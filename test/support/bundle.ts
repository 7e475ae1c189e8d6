import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

/** The original source: line 3 is where `items` is undefined. */
export const APP_SOURCE = [
  'export function renderList(items: string[] | undefined) {',
  '  const label = "list";',
  '  return items!.map((item) => item.toUpperCase() + label);',
  '}',
  'renderList(undefined);',
  '',
].join('\n');
export const FAILING_LINE = 3;

export interface Bundle {
  /** The minified script, ending in a sourceMappingURL comment (or none when `sourcemap` is `external`). */
  code: string;
  map?: string;
  /** 1-based line and column of `.map(` in the bundle: where the page would throw. */
  line: number;
  column: number;
}

/** A real minified bundle of APP_SOURCE with a real source map, made by esbuild. */
export async function buildBundle(sourcemap: 'linked' | 'inline' | 'external'): Promise<Bundle> {
  const dir = mkdtempSync(join(tmpdir(), 'bd-bundle-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'app.ts'), APP_SOURCE);
  const result = await esbuild.build({
    entryPoints: [join(dir, 'src', 'app.ts')],
    outfile: join(dir, 'assets', 'app.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    sourcemap,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const map = result.outputFiles.find((file) => file.path.endsWith('.map'))?.text;
  const lines = code.split('\n');
  const line = lines.findIndex((text) => text.includes('.map('));
  return { code, map, line: line + 1, column: lines[line]!.indexOf('.map(') + 2 };
}

/** Serves files from memory on loopback; unknown paths are 404. */
export async function serveFiles(
  files: Record<string, string>,
  host = '127.0.0.1',
): Promise<{ base: string; server: Server; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body = files[req.url ?? ''];
    if (body === undefined) return res.writeHead(404).end('not found');
    res
      .writeHead(200, { 'content-type': req.url?.endsWith('.map') ? 'application/json' : 'text/javascript' })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { base: `http://${host}:${(server.address() as AddressInfo).port}`, server, hits };
}
