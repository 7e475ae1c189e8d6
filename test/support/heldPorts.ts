import { createServer, type Server, type Socket } from 'node:net';

/** The three kinds of program that hold a port and are not a connector, as `npm start` meets them. */
export type Holder = 'closes at once' | 'never answers' | 'answers non-JSON';

export const HOLDERS: Holder[] = ['closes at once', 'never answers', 'answers non-JSON'];

/** What the connector says about each holder when it moves on. */
export const HOLDER_NOTES: Record<Holder, RegExp> = {
  'closes at once': /it closed the connection at once/,
  'never answers': /it did not answer within \d+ ms/,
  'answers non-JSON': /it answered HTTP 200 with something other than JSON/,
};

export interface HeldPort {
  port: number;
  close(): Promise<void>;
}

function onConnection(holder: Holder, socket: Socket): void {
  if (holder === 'closes at once') socket.destroy();
  else if (holder === 'answers non-JSON') {
    socket.once('data', () =>
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: 21\r\nconnection: close\r\n\r\n<html>not json</html>',
      ),
    );
  }
  // 'never answers': keep the socket open and say nothing.
}

/** A raw TCP listener on loopback that behaves like `holder`. */
export async function holdPort(port: number, holder: Holder): Promise<HeldPort> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onConnection(holder, socket);
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ready);
  });
  return {
    port,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
