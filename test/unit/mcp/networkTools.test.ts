import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectFakeBrowser, networkRequest } from '../../support/connector';
import {
  call,
  feed,
  inMemoryClient,
  startMcpConnector,
  textOf,
  unfenced,
  type McpTestConnector,
} from '../../support/mcp';
import type { TestSocket } from '../../support/wsClient';

describe('MCP network tools', () => {
  let t: McpTestConnector;
  let browser: TestSocket;
  let client: Client;
  const at = Date.parse('2026-11-22T09:30:00Z');
  beforeEach(async () => {
    t = await startMcpConnector();
    browser = await connectFakeBrowser(t.port);
    client = await inMemoryClient(t.connector);
    await feed(t.connector, browser, [
      networkRequest('http://localhost:5173/', 200, {
        timestamp: at,
        resourceType: 'document',
        duration: 35,
        size: { request: 300, response: 2048 },
      }),
      networkRequest('http://localhost:5173/api/items', 500, {
        timestamp: at + 1,
        method: 'POST',
        statusText: 'Internal Server Error',
        resourceType: 'fetch',
        duration: 120.4,
      }),
      networkRequest('http://localhost:5173/logo.png', 404, { timestamp: at + 2, resourceType: 'image' }),
      {
        type: 'network-request',
        method: 'GET',
        url: 'http://localhost:9999/api',
        error: 'net::ERR_CONNECTION_REFUSED',
        timestamp: at + 3,
      },
      networkRequest('http://localhost:5173/api/user', 200, {
        timestamp: at + 4,
        resourceType: 'xhr',
        timing: { dns: 1, connect: 2, send: 0.4, wait: 30, receive: 5 },
        requestHeaders: { accept: 'application/json', authorization: '[redacted]' },
        responseHeaders: { 'content-type': 'application/json' },
        requestBody: '{"q":1}',
        responseBody: JSON.stringify({ name: 'Ada', roles: ['admin'], note: 'z'.repeat(6000) }),
      }),
    ]);
  });
  afterEach(async () => {
    await client.close();
    await browser.close();
    await t.stop();
  });
  const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('#'));

  it('lists one line per request: id, time, method, status or error, URL, type, duration and size', async () => {
    const text = textOf(await call(client, 'get_network_requests'));
    assert.match(text, /^Network: showing 1–5 of 5 requests \(5 stored\)/);
    assert.deepEqual(lines(text).slice(0, 4), [
      '#1 09:30:00.000 GET 200 http://localhost:5173/ (document, 35 ms, 2.0 kB)',
      '#2 09:30:00.001 POST 500 Internal Server Error http://localhost:5173/api/items (fetch, 120 ms)',
      '#3 09:30:00.002 GET 404 http://localhost:5173/logo.png (image, 12 ms)',
      '#4 09:30:00.003 GET ✗ net::ERR_CONNECTION_REFUSED http://localhost:9999/api',
    ]);
  });

  it('filters by failed, status (one or a class), method and URL text', async () => {
    const idsOf = async (args: Record<string, unknown>) =>
      lines(textOf(await call(client, 'get_network_requests', args))).map((line) => line.split(' ')[0]);
    assert.deepEqual(await idsOf({ failed: true }), ['#2', '#3', '#4']);
    assert.deepEqual(await idsOf({ failed: false }), ['#1', '#5']);
    assert.deepEqual(await idsOf({ status: '4xx' }), ['#3']);
    assert.deepEqual(await idsOf({ status: 500 }), ['#2']);
    assert.deepEqual(await idsOf({ method: 'post' }), ['#2']);
    assert.deepEqual(await idsOf({ search: '/API/' }), ['#2', '#5']);
    assert.match(
      textOf(await call(client, 'get_network_requests', { failed: true, method: 'get' })),
      /\(5 stored; failed only, GET\)/,
    );
  });

  it('getNetworkErrors lists only failed requests and takes the same filters', async () => {
    const text = textOf(await call(client, 'getNetworkErrors', { status: '5xx' }));
    assert.deepEqual(
      lines(text).map((line) => line.split(' ')[0]),
      ['#2'],
    );
    const refused = await call(client, 'getNetworkErrors', { failed: false });
    assert.equal(refused.isError, true, 'failed is fixed for this name');
    assert.match(textOf(refused), /unknown argument\(s\) 'failed'/);
  });

  it('shows one request in full: status, timing, sizes, headers and bodies, cut at maxBodyChars', async () => {
    const text = textOf(await call(client, 'get_network_request', { id: '5' }));
    assert.match(
      unfenced(text),
      /^Request #5:\nGET http:\/\/localhost:5173\/api\/user\nResult: 200 \(xhr\)\nStarted 2026-11-22T09:30:00.004Z, took 12 ms, page load unknown/,
    );
    assert.match(text, /Timing: dns 1 ms, connect 2 ms, send 0 ms, wait 30 ms, receive 5 ms/);
    assert.match(text, /Request headers:\n {2}accept: application\/json\n {2}authorization: \[redacted\]/);
    assert.match(text, /Response headers:\n {2}content-type: application\/json/);
    assert.match(text, /Request body \(7 chars\):\n\{"q":1\}/);
    assert.match(text, /Response body \(\d+ chars\):\n\{"name":"Ada","roles":\["admin"\]/);
    assert.match(text, /…\[truncated \d+ chars; raise maxBodyChars to see more\]/);
    const wide = textOf(await call(client, 'get_network_request', { id: 5, maxBodyChars: 10_000 }));
    assert.doesNotMatch(wide, /raise maxBodyChars/);
    const failed = textOf(await call(client, 'get_network_request', { id: 4 }));
    assert.match(failed, /Result: failed, ✗ net::ERR_CONNECTION_REFUSED/);
    assert.match(failed, /Request headers: none captured/);
  });

  it('answers unknown ids, other kinds and bad filters with errors that say what to do', async () => {
    const unknown = await call(client, 'get_network_request', { id: 77 });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /No network request with id 77\. .*get_network_requests/);
    await feed(t.connector, browser, [{ type: 'console-log', level: 'log', message: 'hi', timestamp: Date.now() }]);
    assert.match(
      textOf(await call(client, 'get_network_request', { id: 6 })),
      /console-log, not a network request\. Use get_console_entry\./,
    );
    const badStatus = await call(client, 'get_network_requests', { status: '4x' });
    assert.equal(badStatus.isError, true);
    assert.match(textOf(badStatus), /'status'.*expected a status such as 404 or a class such as 4xx/);
    assert.equal((await call(client, 'get_network_requests', { method: 'GET POST' })).isError, true);
  });
});
