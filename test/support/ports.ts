import { createServer, type Server } from 'node:http';

/** A run of `count` consecutive free loopback ports. */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 20000 + Math.floor(Math.random() * 30000);
    const servers: Server[] = [];
    let ok = true;
    for (let port = first; port < first + count && ok; port++) {
      const server = await listenOn(port, () => undefined).catch(() => undefined);
      if (server) servers.push(server);
      else ok = false;
    }
    await Promise.all(servers.map(closeServer));
    if (ok) return first;
  }
  throw new Error('no run of free ports');
}

/** A plain HTTP server that is not ours, answering every request with `body`. */
export function listenOn(port: number, handler: (url: string) => unknown): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(handler(req.url ?? '/') ?? { hello: 'not a connector' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
