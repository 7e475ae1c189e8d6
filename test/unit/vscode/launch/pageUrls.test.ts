import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answeringPorts } from '../../../../src/vscode/launch/localPorts';
import { recentPageUrls, withScheme } from '../../../../src/vscode/launch/pageUrls';
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
});
