import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answeringPorts } from '../../../../src/vscode/launch/localPorts';
import { acceptedUrl, recentPageUrls, withScheme } from '../../../../src/vscode/launch/pageUrls';
import { freePortRun } from '../../../support/ports';

describe('Launch Browser: which pages it offers', () => {
  it('offers recent web pages newest first, each once', () => {
    const loads = [
      { url: 'http://localhost:5173/' },
      { url: 'chrome://extensions/' },
      { url: 'http://localhost:3000/login' },
      { url: 'http://localhost:5173/' },
      { url: 'about:blank' },
    ];
    assert.deepEqual(recentPageUrls(loads), ['http://localhost:5173/', 'http://localhost:3000/login']);
  });

  it('adds http:// to what people type without a scheme', () => {
    assert.equal(withScheme('localhost:5173'), 'http://localhost:5173');
    assert.equal(withScheme('127.0.0.1:3000/app'), 'http://127.0.0.1:3000/app');
    assert.equal(withScheme('https://example.com'), 'https://example.com');
  });

  it('finds the localhost ports that answer HTTP (any status), not the closed ones', async () => {
    const server: Server = createServer((_req, res) => ((res.statusCode = 404), res.end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const open = (server.address() as AddressInfo).port;
      const closed = await freePortRun(1);
      assert.deepEqual(await answeringPorts([closed, open]), [open]);
    } finally {
      server.close();
    }
  });

  it('finds a dev server that listens on ::1 only (Vite on macOS), as well as one on 127.0.0.1 only', async () => {
    const servers: Server[] = [];
    const listen = async (host: string) => {
      const server = createServer((_req, res) => res.end('ok'));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return (server.address() as AddressInfo).port;
    };
    try {
      const v6 = await listen('::1');
      const v4 = await listen('127.0.0.1');
      const closed = await freePortRun(1);
      assert.deepEqual(await answeringPorts([v6, closed, v4]), [v6, v4]);
    } finally {
      for (const server of servers) server.close();
    }
  });

  it('Enter: a typed address wins over a partly matching item; a filter word takes the highlighted item', () => {
    const item = 'http://localhost:5173/';
    assert.equal(acceptedUrl('localhost:5173/admin', item), 'http://localhost:5173/admin');
    assert.equal(acceptedUrl('http://localhost:5173/admin?x=1', item), 'http://localhost:5173/admin?x=1');
    assert.equal(acceptedUrl('127.0.0.1:517', item), 'http://127.0.0.1:517');
    assert.equal(acceptedUrl('localhost:5173', item), item, 'the item itself');
    assert.equal(acceptedUrl('5173', item), item, 'a filter word');
    assert.equal(acceptedUrl('', item), item);
    assert.equal(acceptedUrl('localhost:4000', undefined), 'http://localhost:4000');
    assert.equal(acceptedUrl('  ', undefined), undefined);
  });
});
