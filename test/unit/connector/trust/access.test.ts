import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger, type Logger } from '../../../../src/connector/logging/logger';
import { OUR_EXTENSION_ID } from '../../../../src/connector/trust/extensionIds';
import { startTestConnector, type TestConnector } from '../../../support/connector';
import { get, post, request, type HttpResult } from '../../../support/http';
import { startMcpConnector } from '../../../support/mcp';
import { TestSocket } from '../../../support/wsClient';

const OURS = `chrome-extension://${OUR_EXTENSION_ID}`;
const OTHER_EXTENSION = `chrome-extension://${'abcdefghijklmnop'.repeat(2)}`;
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'lan', version: '1' } },
};

const entry = (message: string) => ({ data: { type: 'console-log', level: 'info', message, timestamp: 1 } });

/** Cases the access check refused in this file, printed at the end (the report's figure). */
let refusedCases = 0;
function refused(result: HttpResult, status: number, what: string): void {
  assert.equal(result.status, status, what);
  assert.equal(result.headers['access-control-allow-origin'], undefined, `${what}: no CORS header`);
  refusedCases++;
}
async function refusedUpgrade(url: string, headers: Record<string, string>, status: number): Promise<void> {
  await assert.rejects(
    TestSocket.open(url, headers),
    new RegExp(`HTTP ${status}`),
    `${url} ${JSON.stringify(headers)}`,
  );
  refusedCases++;
}

/** This machine's first non-loopback IPv4 address (never another machine's). */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

describe('trust/access: who may call (real HTTP and WS)', () => {
  after(() => console.log(`      access check: ${refusedCases} hostile cases tried, ${refusedCases} refused`));

  describe('loopback connector', () => {
    let t: TestConnector;
    beforeEach(
      async () =>
        (t = await startTestConnector({
          allowedOrigins: ['https://trusted.example'],
          extensionIds: ['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
        })),
    );
    afterEach(() => t.stop());

    it('listens on 127.0.0.1 only', () => {
      assert.equal(t.connector.config.host, '127.0.0.1');
      assert.equal(t.connector.url, `http://127.0.0.1:${t.port}`);
      assert.equal(t.connector.lan, undefined, 'no token is needed or made on loopback');
    });

    it('allows no Origin (curl, Node, the VS Code extension host), our pinned extension, extra ids, itself and added origins', async () => {
      for (const origin of [
        undefined,
        OURS,
        'chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
        'https://trusted.example',
      ]) {
        const { status, headers } = await get(t.port, '/console-logs', origin ? { origin } : {});
        assert.equal(status, 200, String(origin));
        assert.equal(headers['access-control-allow-origin'], origin, String(origin));
        const lean = await post(t.port, '/extension-log', entry('x'), origin ? { origin } : {});
        assert.equal(lean.status, 200, `lean ingest ${String(origin)}`);
      }
      // A person typing the URL into the address bar: Sec-Fetch-Site none.
      assert.equal(
        (await get(t.port, '/health', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).status,
        200,
      );
    });

    it('refuses pages, other extensions and VS Code schemes on express routes, the lean ingest path and preflights', async () => {
      for (const origin of [
        'http://localhost:5173',
        'https://evil.example',
        'null',
        `http://127.0.0.1:${t.port + 1}`,
        // The connector's own origin: a script another extension injects into a tab showing a connector URL.
        `http://127.0.0.1:${t.port}`,
        OTHER_EXTENSION,
        'chrome-extension://abc',
        'vscode-webview://123abc',
        'vscode-file://vscode-app',
      ]) {
        refused(await get(t.port, '/console-logs', { origin }), 403, `read ${origin}`);
        refused(await post(t.port, '/wipelogs', undefined, { origin }), 403, `wipe ${origin}`);
        refused(await post(t.port, '/extension-log', entry('evil'), { origin }), 403, `ingest ${origin}`);
        const preflight = await request(t.port, 'OPTIONS', '/wipelogs', {
          headers: { origin, 'access-control-request-method': 'POST' },
        });
        refused(preflight, 403, `preflight ${origin}`);
      }
      const other = await get(t.port, '/api/v1/console-logs', { origin: OTHER_EXTENSION });
      assert.equal(other.json.error.code, 'FORBIDDEN');
      assert.match(other.json.error.message, /not Browser Debug's extension.*--extension-ids/);
      const stored = (await get(t.port, '/console-logs')).json as unknown[];
      assert.ok(!JSON.stringify(stored).includes('evil'), 'nothing was stored');
    });

    it("refuses a browser request without an Origin: a page's no-cors GET, another extension's GET", async () => {
      const browserless = [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
        { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'cors' },
        { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      ];
      for (const headers of browserless)
        for (const path of ['/console-logs', '/health', '/sse']) {
          const result = await get(t.port, path, headers);
          refused(result, 403, `${JSON.stringify(headers)} ${path}`);
          assert.match(result.json.error.message, /browser request without an Origin/);
        }
      // An extension opening a tab on /sse (a navigation from nowhere) gets no session either.
      refused(
        await get(t.port, '/sse', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }),
        403,
        'tab on /sse',
      );
      // Discovery stays public: it says who we are, nothing captured.
      assert.equal((await get(t.port, '/.identity', browserless[3]!)).status, 200);
    });

    it('gives every spelling of /sse and /mcp the same treatment as /sse: no address-bar exception', async () => {
      const mcp = await startMcpConnector();
      try {
        const navigate = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
        const spellings = [
          '/sse',
          '/SSE',
          '/sse/',
          '//sse',
          '/Sse?x=1',
          '/%73se',
          '/%2573se',
          '/x/../sse',
          '/./sse',
          '/mcp',
          '//mcp',
          '/MCP/',
          '/%6Dcp',
          '/messages/',
          '/%2Fmcp',
          '/%E0%A4%A',
          `http://127.0.0.1:${mcp.port}/sse`,
          `HTTP://127.0.0.1:${mcp.port}//SSE/`,
        ];
        for (const path of spellings) {
          const result = await get(mcp.port, path, navigate);
          refused(result, 403, `tab on ${path}`);
          assert.match(result.json.error.message, /browser request without an Origin/, path);
        }
        // The exception itself still works for the other routes, in any spelling.
        for (const path of ['/health', '/health?x=1'])
          assert.equal((await get(mcp.port, path, navigate)).status, 200, path);
      } finally {
        await mcp.stop();
      }
    });

    it('refuses a Host that is not a loopback name for this port (DNS rebinding)', async () => {
      for (const host of ['evil.example', `evil.example:${t.port}`, `localhost:${t.port + 1}`, '192.168.1.5']) {
        const result = await get(t.port, '/.identity', { host });
        refused(result, 403, host);
        assert.match(result.json.error.message, /Host/);
      }
      for (const host of [`localhost:${t.port}`, `127.0.0.1:${t.port}`, `[::1]:${t.port}`, 'localhost'])
        assert.equal((await get(t.port, '/.identity', { host })).status, 200, host);
    });

    it('admits exactly the Host a remote window forwarded the port to (a proxy passes it through), nothing near it', async () => {
      const forwarded = 'devbox.example:8080';
      refused(await get(t.port, '/.identity', { host: forwarded }), 403, 'before the editor forwarded it');
      t.connector.allowForwardedHost('DevBox.example:8080');
      assert.equal((await get(t.port, '/.identity', { host: forwarded })).status, 200);
      const socket = await TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws`, { host: forwarded, origin: OURS });
      await socket.close();
      for (const host of [
        'devbox.example',
        'devbox.example:8081',
        'evil.devbox.example:8080',
        `devbox.example:${t.port}`,
      ])
        refused(await get(t.port, '/.identity', { host }), 403, host);
    });

    it('refuses WebSocket upgrades from pages, other extensions, VS Code schemes and foreign hosts on both endpoints', async () => {
      for (const path of ['/ws', '/extension-ws']) {
        const url = `ws://127.0.0.1:${t.port}${path}`;
        for (const origin of [
          'http://localhost:5173',
          OTHER_EXTENSION,
          'vscode-webview://abc',
          'vscode-file://vscode-app',
        ])
          await refusedUpgrade(url, { origin }, 403);
        await refusedUpgrade(url, { host: 'evil.example' }, 403);
      }
      await assert.rejects(TestSocket.open(`ws://127.0.0.1:${t.port}/other`), /HTTP 404/);
      for (const path of ['/ws', '/extension-ws']) {
        const ok = await TestSocket.open(`ws://127.0.0.1:${t.port}${path}`, { origin: OURS });
        await ok.close();
      }
    });
  });

  describe("bound beyond loopback (this machine's LAN address)", () => {
    const address = lanAddress();
    let dir: string;
    before(function () {
      if (!address) {
        console.log('      skipped: this machine has no non-loopback IPv4 address to bind to');
        this.skip();
      }
      dir = mkdtempSync(join(tmpdir(), 'bd-token-'));
    });
    after(() => dir && rmSync(dir, { recursive: true, force: true }));

    it('generates a 0600 token once, warns what the LAN can reach, and keeps the token across starts', async () => {
      const warnings: string[] = [];
      const logger: Logger = { ...silent(), warn: (message: string) => void warnings.push(message) };
      const tokenFile = join(dir, 'config', 'browser-debug', 'lan-token');
      const first = await startMcpConnector({ host: '0.0.0.0', tokenFile }, {}, logger);
      const token = first.connector.lan!.token;
      assert.equal(first.connector.lan!.created, true);
      assert.equal(statSync(tokenFile).mode & 0o777, 0o600);
      assert.equal(readFileSync(tokenFile, 'utf8').trim(), token);
      const warning = warnings.join('\n');
      assert.match(warning, /reachable from your network/);
      assert.match(warning, /run JavaScript/);
      assert.match(warning, /upload files from/);
      assert.ok(warning.includes(token), 'printed the first time');
      await first.stop();
      warnings.length = 0;
      const second = await startMcpConnector({ host: '0.0.0.0', tokenFile }, {}, logger);
      assert.equal(second.connector.lan!.token, token);
      assert.equal(second.connector.lan!.created, false);
      assert.ok(!warnings.join('\n').includes(token), 'not printed again');
      assert.match(warnings.join('\n'), /reachable from your network/, 'the warning is');
      await second.stop();
    });

    it('a LAN client sending Host: 127.0.0.1 without the token gets 401 on HTTP, ingest, WS and MCP; with it, access', async () => {
      const token = 'a-test-token-of-enough-length-123';
      const t = await startMcpConnector({ host: '0.0.0.0', token, tokenFile: join(dir, 'unused') });
      try {
        const port = t.port;
        const loopbackHost = { host: `127.0.0.1:${port}` };
        for (const auth of [
          {},
          { authorization: 'Bearer wrong-token-wrong-token-wrong' },
          { authorization: token },
        ] as Record<string, string>[]) {
          const headers = { ...loopbackHost, ...auth };
          refused(await request(port, 'GET', '/console-logs', { host: address, headers }), 401, 'LAN read');
          refused(
            await request(port, 'POST', '/extension-log', {
              host: address,
              headers,
              body: entry('lan'),
            }),
            401,
            'LAN ingest',
          );
          refused(
            await request(port, 'POST', '/mcp', {
              host: address,
              headers: { ...MCP_HEADERS, ...headers },
              body: INITIALIZE,
            }),
            401,
            'LAN /mcp',
          );
          refused(await request(port, 'GET', '/sse', { host: address, headers }), 401, 'LAN /sse');
          for (const path of ['/ws', '/extension-ws'])
            await refusedUpgrade(`ws://${address}:${port}${path}`, headers, 401);
        }
        const denied = await request(port, 'GET', '/health', { host: address, headers: loopbackHost });
        assert.equal(denied.headers['www-authenticate'], 'Bearer');
        assert.equal(t.mount.sessionCount(), 0);
        const bearer = { authorization: `Bearer ${token}` };
        assert.equal((await request(port, 'GET', '/console-logs', { host: address, headers: bearer })).status, 200);
        const init = await request(port, 'POST', '/mcp', {
          host: address,
          headers: { ...MCP_HEADERS, ...bearer },
          body: INITIALIZE,
        });
        assert.equal(init.status, 200);
        const ws = await TestSocket.open(`ws://${address}:${port}/ws`, bearer);
        await ws.close();
        // Still only our extension's origin, even with the token.
        refused(
          await request(port, 'GET', '/console-logs', {
            host: address,
            headers: { ...bearer, origin: 'https://evil.example' },
          }),
          403,
          'LAN page',
        );
        // A caller on this machine keeps working without the token.
        assert.equal((await get(port, '/console-logs')).status, 200);
      } finally {
        await t.stop();
      }
    });
  });
});

function silent(): Logger {
  return { ...silentLogger };
}
