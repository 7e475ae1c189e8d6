import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const APP = join(__dirname, '../fixtures/actApp');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export interface ActAppServer {
  port: number;
  origin: string;
  /** Requests the server saw (method and path), so tests can tell whether a page acted. */
  seen: { method: string; path: string }[];
  close(): Promise<void>;
}

/** The tea shop the action tests drive (test/e2e/fixtures/actApp): static pages, and `POST /api/order` and `/api/draft` failing with 500. */
export async function startActApp(): Promise<ActAppServer> {
  const seen: ActAppServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    seen.push({ method: req.method ?? 'GET', path });
    if (path === '/api/order' || path === '/api/draft') {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ error: 'the tea warehouse is on fire' }));
    }
    // Answers only when the server closes: a request that keeps the page busy.
    if (path === '/api/hang') return;
    const file = path === '/' ? 'index.html' : path.slice(1);
    try {
      const body = readFileSync(join(APP, file));
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
