import { createServer, connect, type Server, type Socket } from 'node:net';

export interface CuttableLink {
  url: string;
  /** The network goes away: open connections drop and new ones are refused. */
  cut(): Promise<void>;
  /** The network comes back on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP relay to `target` on loopback that a test can cut and restore, like a dropped Wi-Fi. */
export async function cuttableLink(target: string): Promise<CuttableLink> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(targetPort), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}
