import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const SITE = join(__dirname, '../fixtures/site');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export interface FixtureServer {
  port: number;
  origin: string;
  /** Requests the server saw, so tests can compare against what was captured. */
  seen: { method: string; url: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** The developer's app in the tests: static pages plus a few API routes with known answers. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const seen: FixtureServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    seen.push({ method: req.method ?? 'GET', url: url.pathname, headers: req.headers });
    if (url.pathname === '/api/ok') {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', 'session=secret-value; Path=/');
      return res.end(JSON.stringify({ ok: true, padding: 'x'.repeat(500) }));
    }
    if (url.pathname === '/api/missing') {
      res.statusCode = 404;
      return res.end('not here');
    }
    if (url.pathname === '/api/crash') {
      res.statusCode = 500;
      return res.end('crashed');
    }
    const file = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    try {
      const body = readFileSync(join(SITE, file));
      res.setHeader('content-type', TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end('no such fixture');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
