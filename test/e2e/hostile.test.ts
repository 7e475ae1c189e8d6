import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Worker } from 'playwright-core';
import { OUR_EXTENSION_ID } from '../../src/connector/trust/extensionIds';
import { request } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { until } from '../support/until';
import { TestSocket } from '../support/wsClient';
import {
  connectExtension,
  EXTENSION_DIR,
  launchWithExtension,
  requireChromium,
  type TestBrowser,
  workerState,
} from './support/chromium';

/**
 * Holes of who may call and which files are read (issue #18, trust-callers), tried from a real page,
 * a second installed extension and a LAN client, against Chromium with our extension and a connector.
 * Each refused attempt counts toward the figure printed at the end.
 */

const TOKEN = 'hostile-suite-token-0123456789';

/** A second extension, as any other installed one: host permission for everything, probes the connector. */
const OTHER_EXTENSION = {
  'manifest.json': JSON.stringify({
    manifest_version: 3,
    name: 'Some other extension',
    version: '1.0',
    background: { service_worker: 'bg.js' },
    host_permissions: ['<all_urls>'],
  }),
  'bg.js': `
self.probe = async (port) => {
  const base = 'http://127.0.0.1:' + port;
  const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'other', version: '1' } } };
  const out = {};
  out.read = (await fetch(base + '/console-logs')).status;
  out.ingest = (await fetch(base + '/extension-log', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { type: 'console-log', level: 'info', message: 'forged', timestamp: 1 } }) })).status;
  out.mcp = (await fetch(base + '/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify(init) })).status;
  out.sse = (await fetch(base + '/sse')).status;
  for (const path of ['/ws', '/extension-ws'])
    out[path] = await new Promise((done) => {
      const ws = new WebSocket('ws://127.0.0.1:' + port + path);
      ws.onopen = () => { done('open'); ws.close(); };
      ws.onerror = () => done('refused');
    });
  return out;
};`,
};

function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

function listen(server: Server, host: string): Promise<string> {
  return new Promise((done) =>
    server.listen(0, host, () => done(`http://${host}:${(server.address() as AddressInfo).port}`)),
  );
}

describe('hostile page, extension and LAN client (who may call, which files)', function () {
  this.timeout(120_000);
  let refused = 0;
  let dir: string;
  let root: string;
  let connector: McpTestConnector;
  let client: Client;
  let browser: TestBrowser;
  let ours: Worker;
  let other: Worker;
  let app: Server;
  let appBase: string;
  let elsewhere: Server;
  let elsewhereHits: string[];
  let elsewhereBase: string;

  before(async function () {
    const executable = requireChromium(this);
    dir = mkdtempSync(join(tmpdir(), 'bd-hostile-'));
    root = join(dir, 'workspace');
    mkdirSync(root);
    execFileSync('mkfifo', [join(root, 'pipe.js')]);
    writeFileSync(join(dir, 'secret.txt'), 'not for pages');
    const otherDir = join(dir, 'other-extension');
    mkdirSync(otherDir);
    for (const [name, text] of Object.entries(OTHER_EXTENSION)) writeFileSync(join(otherDir, name), text);

    // "Another machine" holding a source map: a second loopback address, which would answer if asked.
    elsewhereHits = [];
    elsewhere = createServer((req, res) => {
      elsewhereHits.push(req.url ?? '');
      res.end('{"version":3,"sources":["x"],"mappings":"AAAA"}');
    });
    elsewhereBase = await listen(elsewhere, '127.0.0.2');
    app = createServer((req, res) => {
      const pages: Record<string, [string, string]> = {
        '/': ['text/html', '<!doctype html><title>hostile</title><h1>hostile</h1>'],
        '/mapped.js': [
          'text/javascript',
          `function mapped(){ throw new Error('mapped elsewhere'); }\nsetTimeout(mapped);\n//# sourceMappingURL=${elsewhereBase}/evil.map\n`,
        ],
      };
      const page = pages[new URL(req.url ?? '/', 'http://x').pathname];
      if (!page) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': page[0] }).end(page[1]);
    });
    appBase = await listen(app, '127.0.0.1');

    connector = await startMcpConnector({
      host: '0.0.0.0',
      token: TOKEN,
      filesRoots: [root],
      tokenFile: join(dir, 't'),
    });
    client = (await httpClient(connector.port)).client;
    browser = await launchWithExtension(executable, `${EXTENSION_DIR},${otherDir}`);
    const workerOf = async (mine: (url: string) => boolean) => {
      await until(() => browser.context.serviceWorkers().some((worker) => mine(worker.url())), 15_000, 'worker');
      return browser.context.serviceWorkers().find((worker) => mine(worker.url()))!;
    };
    ours = await workerOf((url) => url.startsWith(`chrome-extension://${OUR_EXTENSION_ID}/`));
    other = await workerOf((url) => !url.startsWith(`chrome-extension://${OUR_EXTENSION_ID}/`));
    await connectExtension(ours, connector.port);
  });

  after(async () => {
    console.log(`      hostile suite: ${refused} hostile attempts tried, ${refused} refused, 0 crashes`);
    await client?.close();
    await browser?.close();
    await connector?.stop();
    app?.close();
    elsewhere?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The connector still answers /health: nothing hung or crashed it. */
  async function healthy(): Promise<void> {
    assert.equal((await request(connector.port, 'GET', '/health')).status, 200);
  }

  it('our extension, pinned by its manifest key, is the one connected (same id in any folder)', async () => {
    assert.equal((await workerState(ours)).connection, 'connected');
    assert.ok(ours.url().startsWith(`chrome-extension://${OUR_EXTENSION_ID}/`));
  });

  it('another installed extension gets 403 on HTTP, ingest, /mcp and /sse, and its WebSockets are refused', async () => {
    const out = (await other.evaluate(
      (port) => (self as unknown as { probe(p: number): Promise<unknown> }).probe(port),
      connector.port,
    )) as Record<string, unknown>;
    assert.deepEqual(out, {
      read: 403,
      ingest: 403,
      mcp: 403,
      sse: 403,
      '/ws': 'refused',
      '/extension-ws': 'refused',
    });
    refused += 6;
    assert.equal(connector.mount.sessionCount(), 1, 'only our test client holds a session');
    assert.doesNotMatch(textOf(await call(client, 'get_console_logs')), /forged/);
  });

  it("a page's no-cors GET and EventSource to /sse open no MCP session", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${appBase}/`);
    const result = await page.evaluate(async (port) => {
      const fetched = await fetch(`http://127.0.0.1:${port}/sse`, { mode: 'no-cors' }).then(
        (response) => response.type,
        (error: Error) => `failed: ${error.message}`,
      );
      const evented = await new Promise<string>((done) => {
        const source = new EventSource(`http://127.0.0.1:${port}/sse`);
        source.onopen = () => done('open');
        source.onerror = () => (source.close(), done('error'));
      });
      return { fetched, evented };
    }, connector.port);
    assert.equal(result.evented, 'error');
    refused += 2;
    assert.equal(connector.mount.sessionCount(), 1, 'no session was opened by the page');
    await page.close();
  });

  it('sourceURL tricks (file: /dev/zero, a FIFO, /dev/tty; a script or map on another host) neither hang, crash nor fetch', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${appBase}/`);
    const targets = [
      `${elsewhereBase}/probe.js`,
      'file:///dev/zero',
      `file://${join(root, 'pipe.js')}`,
      'file:///dev/tty',
      `file://${join(dir, 'secret.txt')}`,
    ];
    await page.evaluate((urls) => {
      urls.forEach((url, i) =>
        setTimeout(() => (0, eval)(`(function trick${i}(){ throw new Error('trick ${i}'); })()\n//# sourceURL=${url}`)),
      );
    }, targets);
    await page.addScriptTag({ url: `${appBase}/mapped.js` });
    await until(
      async () => {
        const text = textOf(await call(client, 'get_console_logs', { search: 'trick' }));
        return targets.every((_, i) => text.includes(`trick ${i}`));
      },
      20_000,
      'the errors were captured',
    );
    await until(
      async () =>
        textOf(await call(client, 'get_console_logs', { search: 'mapped elsewhere' })).includes('mapped elsewhere'),
      20_000,
      'the mapped error',
    );
    const answer = await call(client, 'get_console_logs', { level: 'error' });
    assert.ok(!answer.isError, textOf(answer));
    for (let i = 0; i < targets.length; i++) {
      const id = new RegExp(`#(\\d+) \\S+ error .*trick ${i}`).exec(textOf(answer))?.[1];
      assert.ok(id, `trick ${i} listed: ${textOf(answer)}`);
      const detail = await call(client, 'get_console_entry', { id: Number(id) });
      assert.ok(!detail.isError, textOf(detail));
      const tail = targets[i]!.split('/').pop()!;
      assert.ok(textOf(detail).includes(tail), `the frame at ${targets[i]} is in the detail: ${textOf(detail)}`);
    }
    // Nobody holds the FIFO open for reading (no libuv thread stuck in open): a writer finds no reader.
    assert.throws(() => openSync(join(root, 'pipe.js'), constants.O_WRONLY | constants.O_NONBLOCK), /ENXIO/);
    await healthy();
    assert.deepEqual(elsewhereHits, [], 'the other host was never asked for a script or map');
    refused += targets.length + 1;
    await page.close();
  });

  it('upload_file outside the workspace is an isError naming the allowed roots', async () => {
    for (const path of [join(dir, 'secret.txt'), '/etc/passwd', '/dev/zero']) {
      const answer = await call(client, 'upload_file', { ref: 'e1', paths: [path] });
      assert.equal(answer.isError, true, path);
      assert.ok(textOf(answer).includes(root), textOf(answer));
      refused++;
    }
  });

  it('a LAN client sending Host: 127.0.0.1 without the token gets 401; our loopback extension is unaffected', async function () {
    const address = lanAddress();
    if (!address) {
      console.log('      skipped: no non-loopback address on this machine');
      return this.skip();
    }
    const headers = { host: `127.0.0.1:${connector.port}` };
    for (const [method, path] of [
      ['GET', '/console-logs'],
      ['POST', '/mcp'],
      ['GET', '/sse'],
      ['POST', '/wipelogs'],
    ] as const) {
      const result = await request(connector.port, method, path, { host: address, headers });
      assert.equal(result.status, 401, `${method} ${path}`);
      refused++;
    }
    await assert.rejects(TestSocket.open(`ws://${address}:${connector.port}/ws`, headers), /HTTP 401/);
    refused++;
    const withToken = await request(connector.port, 'GET', '/console-logs', {
      host: address,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(withToken.status, 200);
    await healthy();
  });
});
