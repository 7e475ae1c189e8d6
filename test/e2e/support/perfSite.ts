import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { noisyPng } from '../../support/png';
import { contentType, listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const SITE = join(__dirname, '../fixtures/perf');

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
  const mapped = buildSync({
    entryPoints: [join(SITE, 'src', 'mappedTask.ts')],
    bundle: true,
    sourcemap: 'inline',
    write: false,
    format: 'iife',
  }).outputFiles[0]!.text;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    res.setHeader('cache-control', 'no-store');
    if (path === '/hero.png') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(hero), imageDelayMs);
      return;
    }
    if (path === '/mapped-task.js') return void res.writeHead(200, { 'content-type': contentType('.js') }).end(mapped);
    sendFixtureFile(res, SITE, path, 'perf.html');
  });
  const { origin, close } = await listenOnLoopback(server);
  return { origin, imageDelayMs, close };
}
