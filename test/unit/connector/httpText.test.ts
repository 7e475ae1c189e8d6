import assert from 'node:assert/strict';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { getText } from '../../../src/connector/sourceMaps/httpText';

async function listen(server: Server | ReturnType<typeof createTcpServer>): Promise<URL> {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/app.js`);
}

describe('source maps: getText over node:http', () => {
  const servers: { close(): unknown }[] = [];
  const sockets: Socket[] = [];
  afterEach(() => {
    sockets.splice(0).forEach((socket) => socket.destroy());
    servers.splice(0).forEach((server) => server.close());
  });

  it('reads a script and its headers, following a redirect', async () => {
    const server = createHttpServer((req, res) => {
      if (req.url === '/app.js') return res.writeHead(302, { location: '/real.js' }).end();
      res.writeHead(200, { sourcemap: 'real.js.map' }).end('console.log(1);');
    });
    servers.push(server);
    const { text, headers } = await getText(await listen(server), 2000, 1000);
    assert.equal(text, 'console.log(1);');
    assert.equal(headers.sourcemap, 'real.js.map');
  });

  it('fails, and settles, when the peer closes the connection at once', async () => {
    const server = createTcpServer((socket) => socket.destroy());
    servers.push(server);
    await assert.rejects(getText(await listen(server), 2000, 1000));
  });

  it('fails after its timeout when the peer never answers', async () => {
    const server = createTcpServer((socket) => sockets.push(socket));
    servers.push(server);
    await assert.rejects(getText(await listen(server), 300, 1000), /No answer from .* within 300 ms/);
  });

  it('refuses a body over the size cap, and an HTTP error', async () => {
    const server = createHttpServer((req, res) =>
      req.url === '/app.js' ? res.end('x'.repeat(5000)) : res.writeHead(404).end(),
    );
    servers.push(server);
    const url = await listen(server);
    await assert.rejects(getText(url, 2000, 1000), /larger than 1000 bytes/);
    await assert.rejects(getText(new URL('/missing.js', url), 2000, 1000), /HTTP 404/);
  });
});
