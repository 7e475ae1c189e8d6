import assert from 'node:assert/strict';
import { startTestConnector, type TestConnector } from '../../support/connector';
import { get, post, request } from '../../support/http';
import { TestSocket } from '../../support/wsClient';

describe('connector security (secure by default)', () => {
  let t: TestConnector;
  beforeEach(async () => (t = await startTestConnector({ allowedOrigins: ['https://trusted.example'] })));
  afterEach(() => t.stop());

  it('listens on 127.0.0.1 only', () => {
    assert.equal(t.connector.config.host, '127.0.0.1');
    assert.equal(t.connector.url, `http://127.0.0.1:${t.port}`);
  });

  it('allows requests with no Origin (curl, Node), our extension, VS Code webviews and itself', async () => {
    for (const origin of [
      undefined,
      'chrome-extension://abcdefghijklmnop',
      'vscode-webview://123abc',
      `http://127.0.0.1:${t.port}`,
      'https://trusted.example',
    ]) {
      const { status, headers } = await get(t.port, '/console-logs', origin ? { origin } : {});
      assert.equal(status, 200, String(origin));
      assert.equal(headers['access-control-allow-origin'], origin, String(origin));
      assert.notEqual(headers['access-control-allow-origin'], '*');
    }
  });

  it('refuses web pages: reading data, wiping, and preflights (403, no CORS header)', async () => {
    for (const origin of ['http://localhost:5173', 'https://evil.example', 'null', `http://127.0.0.1:${t.port + 1}`]) {
      const read = await get(t.port, '/console-logs', { origin });
      assert.equal(read.status, 403, origin);
      assert.equal(read.json.error.code, 'FORBIDDEN');
      assert.equal(read.headers['access-control-allow-origin'], undefined);
      const wipe = await post(t.port, '/wipelogs', undefined, { origin });
      assert.equal(wipe.status, 403);
      const preflight = await request(t.port, 'OPTIONS', '/wipelogs', {
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      assert.equal(preflight.status, 403);
    }
    const b = await get(t.port, '/api/v1/console-logs', { origin: 'https://evil.example' });
    assert.equal(b.json.status, 'error');
    assert.equal(b.json.error.code, 'FORBIDDEN');
  });

  it('answers a preflight from an allowed origin without a wildcard', async () => {
    const preflight = await request(t.port, 'OPTIONS', '/wipelogs', {
      headers: { origin: 'chrome-extension://abc', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'chrome-extension://abc');
  });

  it('refuses a Host that is not a loopback name for this port (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${t.port}`, `localhost:${t.port + 1}`, '192.168.1.5']) {
      const { status, json } = await get(t.port, '/.identity', { host });
      assert.equal(status, 403, host);
      assert.match(json.error.message, /Host/);
    }
    for (const host of [`localhost:${t.port}`, `127.0.0.1:${t.port}`, `[::1]:${t.port}`, 'localhost']) {
      assert.equal((await get(t.port, '/.identity', { host })).status, 200, host);
    }
  });

  it('refuses WebSocket upgrades from web pages or foreign hosts on both endpoints', async () => {
    for (const path of ['/ws', '/extension-ws']) {
      await assert.rejects(
        TestSocket.open(`ws://127.0.0.1:${t.port}${path}`, { origin: 'http://localhost:5173' }),
        /HTTP 403/,
      );
      await assert.rejects(TestSocket.open(`ws://127.0.0.1:${t.port}${path}`, { host: 'evil.example' }), /HTTP 403/);
    }
    await assert.rejects(TestSocket.open(`ws://127.0.0.1:${t.port}/other`), /HTTP 404/);
    const ok = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`, { origin: 'chrome-extension://abc' });
    await ok.close();
  });
});
