import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export function contentType(file: string): string {
  return TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
}

/** Answers a fixture file from `dir` (`/` is `index`), or 404. */
export function sendFixtureFile(res: ServerResponse, dir: string, path: string, index = 'index.html'): void {
  const file = path === '/' ? index : path.slice(1);
  try {
    const body = readFileSync(join(dir, file));
    res.writeHead(200, { 'content-type': contentType(file) }).end(body);
  } catch {
    res.writeHead(404).end('no such fixture');
  }
}

/** Listens on a free loopback port; `close` ends open connections too, so a test's after() never waits. */
export async function listenOnLoopback(
  server: Server,
): Promise<{ port: number; origin: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
