import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';

const LOWEST = 20000;

/**
 * The first port the kernel may give an outgoing connection (Linux's ip_local_port_range; 32768 elsewhere).
 * A port above it that is free now can be taken by any connection before the test binds it, as a code-server
 * start takes seconds: its connector then moved to the next port and the suite waited on the first.
 */
function ephemeralFloor(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** A run of `count` consecutive free loopback ports, below those the kernel hands out to outgoing connections. */
export async function freePortRun(count: number): Promise<number> {
  const span = ephemeralFloor() - LOWEST - count;
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = LOWEST + Math.floor(Math.random() * span);
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
