import { WebSocketServer, type RawData } from 'ws';

export interface EchoSocketServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The fixture app's WebSocket: echoes every frame as it came (text as text, binary as binary), and
 * answers `flood N` with N numbered text frames.
 */
export async function startEchoSocketServer(): Promise<EchoSocketServer> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const text = isBinary ? '' : data.toString();
      const flood = /^flood (\d+)$/.exec(text);
      if (flood) for (let i = 1; i <= Number(flood[1]); i++) socket.send(`frame ${i}`);
      else socket.send(data, { binary: isBinary });
    });
  });
  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}/echo`,
    close: () =>
      new Promise((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
