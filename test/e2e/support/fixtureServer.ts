import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { listenOnLoopback, sendFixtureFile } from '../../support/staticFiles';

const SITE = join(__dirname, '../fixtures/site');

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
    if (url.pathname === '/api/moved') {
      res.writeHead(302, { location: '/api/ok?moved=1', 'x-hop': 'first' });
      return res.end();
    }
    if (url.pathname === '/api/cut') {
      // The response begins, then the connection drops before the promised body: a failure after the headers.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('only part');
      return void setTimeout(() => res.socket?.destroy(), 50);
    }
    if (url.pathname === '/api/missing') {
      res.statusCode = 404;
      return res.end('not here');
    }
    if (url.pathname === '/api/crash') {
      res.statusCode = 500;
      return res.end('crashed');
    }
    sendFixtureFile(res, SITE, url.pathname);
  });
  return { ...(await listenOnLoopback(server)), seen };
}
