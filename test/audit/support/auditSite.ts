import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(__dirname, '../fixtures');
/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface AuditSite {
  origin: string;
  close(): Promise<void>;
}

function page(res: ServerResponse, title: string, body: string): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main>${body}</main></body></html>`,
  );
}

/** `/login?as=NAME` sets the session cookie (HttpOnly, like a real app); `/account` needs it, else redirects to /login. */
function loginRoutes(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
  if (url.pathname === '/login') {
    const user = url.searchParams.get('as');
    if (user) {
      res.setHeader('set-cookie', `session=${encodeURIComponent(user)}; Path=/; HttpOnly; SameSite=Lax`);
      res.statusCode = 302;
      res.setHeader('location', '/account');
      res.end();
      return true;
    }
    page(res, 'Log in', '<h1>Log in</h1><p>Please log in to see your account.</p>');
    return true;
  }
  if (url.pathname === '/account') {
    const session = /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    if (!session) {
      res.statusCode = 302;
      res.setHeader('location', '/login');
      res.end();
      return true;
    }
    page(res, 'Your account', `<h1>Welcome back, ${decodeURIComponent(session)}</h1>`);
    return true;
  }
  return false;
}

/** The developer's app in the audit tests: fixture pages, a slow script, and a cookie login. */
export async function startAuditSite(): Promise<AuditSite> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (loginRoutes(req, res, url)) return;
    if (url.pathname === '/pixel.png') {
      res.setHeader('content-type', 'image/png');
      return res.end(PIXEL);
    }
    if (url.pathname === '/slow.js') {
      // A render-blocking script that arrives late: an opportunity for the performance audit.
      setTimeout(() => {
        res.setHeader('content-type', 'text/javascript');
        res.end(`window.slow = ${JSON.stringify('x'.repeat(20_000))}.length;`);
      }, 300);
      return;
    }
    try {
      const body = readFileSync(join(FIXTURES, url.pathname.slice(1) || 'clean.html'));
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(body);
    } catch {
      res.statusCode = 404;
      res.end('no such fixture');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
