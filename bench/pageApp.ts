/**
 * The bench:page fixture app's server, in a process of its own (as a developer's dev server is): the
 * connector's ingest must not delay the app's answers, which it did when both shared one event loop.
 * Forked by bench/page.ts: it reports its origin, then each page's results, over the IPC channel.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { listenOnLoopback, sendFixtureFile } from '../test/support/staticFiles';

async function main(): Promise<void> {
  const dir = join(__dirname, 'fixtures/pageCost');
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://app');
    if (url.pathname === '/results') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.end('ok');
        process.send!({ results: JSON.parse(body) as unknown });
      });
      return;
    }
    if (url.pathname === '/api/item') {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ id: Number(url.searchParams.get('i')), name: 'item', tags: ['a', 'b'] }));
    }
    sendFixtureFile(res, dir, url.pathname);
  });
  const sockets = new WebSocketServer({ server, path: '/echo' });
  sockets.on('connection', (socket) => socket.on('message', (data, binary) => socket.send(data, { binary })));
  const listening = await listenOnLoopback(server);
  process.send!({ origin: listening.origin });
  process.on('disconnect', () => {
    sockets.close();
    void listening.close().then(() => process.exit(0));
  });
}

void main();
