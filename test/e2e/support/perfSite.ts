import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { noisyPng } from '../../support/png';

const SITE = join(__dirname, '../fixtures/perf');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

export interface PerfSite {
  origin: string;
  /** How long the server holds the hero image, in ms. */
  imageDelayMs: number;
  close(): Promise<void>;
}

/**
 * The performance fixture: a hero image the server holds for `imageDelayMs` (noisy, so Chrome counts
 * it for LCP), a 400 ms long task in heavy-task.js, a render-blocking stylesheet, and a late banner.
 */
export async function startPerfSite(imageDelayMs = 1200): Promise<PerfSite> {
  const hero = noisyPng(640, 420);
  // A bundled script with an inline source map, as a dev server serves one.
  const mapped = buildSync({ entryPoints: [join(SITE, 'src', 'mappedTask.ts')], bundle: true, sourcemap: 'inline', write: false, format: 'iife' }).outputFiles[0]!.text;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    res.setHeader('cache-control', 'no-store');
    if (path === '/hero.png') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(hero), imageDelayMs);
      return;
    }
    if (path === '/mapped-task.js') return void res.writeHead(200, { 'content-type': TYPES['.js']! }).end(mapped);
    const file = path === '/' ? 'perf.html' : path.slice(1);
    try {
      const body = readFileSync(join(SITE, file));
      res.writeHead(200, { 'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('no such fixture');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    imageDelayMs,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
