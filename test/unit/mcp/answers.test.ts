import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DEFAULT_ANSWER_BUDGET } from '../../../src/mcp/server';
import { connectFakeBrowser, consoleLog, networkRequest } from '../../support/connector';
import {
  call,
  feed,
  inMemoryClient,
  screenshotAnswer,
  scriptedBrowser,
  startMcpConnector,
  textOf,
  type McpTestConnector,
} from '../../support/mcp';
import type { TestSocket } from '../../support/wsClient';

const ids = (text: string) =>
  text
    .split('\n')
    .filter((line) => /^#\d+ /.test(line))
    .map((line) => Number(line.slice(1, line.indexOf(' '))));

describe('MCP answers: budget', () => {
  let t: McpTestConnector;
  let browser: TestSocket;
  let client: Client;
  before(async function () {
    this.timeout(30_000);
    t = await startMcpConnector();
    browser = await connectFakeBrowser(t.port);
    client = await inMemoryClient(t.connector);
    // 10,000 entries, every 100th an error, so the digest has something to say too.
    await feed(
      t.connector,
      browser,
      Array.from({ length: 10_000 }, (_, i) =>
        consoleLog(`event number ${i + 1} happened in the checkout flow`, {
          level: i % 100 === 99 ? 'error' : 'log',
          source: 'http://localhost:5173/src/checkout/cart.ts:120:15',
        }),
      ),
    );
  });
  after(async () => {
    await client.close();
    await browser.close();
    await t.stop();
  });

  it('keeps a 1000-entry answer from 10,000 stored within the default budget, newest kept, showing line right', async () => {
    const result = await call(client, 'get_console_logs', { limit: 1000 });
    const text = textOf(result);
    assert.ok(text.length <= DEFAULT_ANSWER_BUDGET, `${text.length} chars`);
    assert.ok(text.length > DEFAULT_ANSWER_BUDGET * 0.7, 'the budget is used, not wasted');
    const shown = ids(text);
    assert.equal(shown.at(-1), 10_000, 'the newest entry is there');
    assert.deepEqual(
      shown,
      Array.from({ length: shown.length }, (_, i) => 10_001 - shown.length + i),
      'a run of the newest, oldest first',
    );
    assert.ok(shown.length < 1000);
    assert.match(
      text,
      new RegExp(
        `^Console: showing ${(10_001 - shown.length).toLocaleString('en-US')}–10,000 of 10,000 console entries \\(10,000 stored\\)`,
      ),
    );
    assert.match(
      text,
      new RegExp(
        `The oldest ${(1000 - shown.length).toLocaleString('en-US')} of the 1,000 asked for were left out to keep the answer within its size budget\\.`,
      ),
    );
    assert.match(text, new RegExp(`More: older: before="${shown[0]}"`));
    assert.match(text, /New since your previous call: \d+ console errors/, 'the digest fits too');
  });

  it('honours a configured budget', async () => {
    const small = await inMemoryClient(t.connector, { answerBudget: 6000 });
    const text = textOf(await call(small, 'get_console_logs', { limit: 1000 }));
    assert.ok(text.length <= 6000, `${text.length} chars`);
    assert.equal(ids(text).at(-1), 10_000);
    await small.close();
  });

  it('keeps network lists and big details within the budget too', async () => {
    await feed(t.connector, browser, [
      ...Array.from({ length: 2000 }, (_, i) =>
        networkRequest(`http://localhost:5173/api/items/${i}?expand=${'x'.repeat(100)}`, i % 10 ? 200 : 500),
      ),
      networkRequest('http://localhost:5173/api/big', 200, {
        responseBody: 'y'.repeat(30_000),
        requestHeaders: { accept: 'application/json' },
      }),
    ]);
    const list = textOf(await call(client, 'get_network_requests', { limit: 1000 }));
    assert.ok(list.length <= DEFAULT_ANSWER_BUDGET, `${list.length} chars`);
    assert.equal(ids(list).at(-1), t.connector.services.store.lastSeq);
    const detail = textOf(
      await call(client, 'get_network_request', { id: t.connector.services.store.lastSeq, maxBodyChars: 100_000 }),
    );
    assert.ok(detail.length <= DEFAULT_ANSWER_BUDGET, `${detail.length} chars`);
    assert.match(detail, /…\[truncated \d+ chars/);
  });
});

describe('MCP answers: digest of what is new since the previous call', () => {
  let t: McpTestConnector;
  let browser: TestSocket;
  beforeEach(async () => {
    t = await startMcpConnector();
    browser = await connectFakeBrowser(t.port);
  });
  afterEach(async () => {
    await browser.close();
    await t.stop();
  });

  it('ends an answer with new console errors and failed requests, once, per session', async () => {
    await feed(t.connector, browser, [consoleLog('before the session', { level: 'error' })]);
    const a = await inMemoryClient(t.connector);
    const b = await inMemoryClient(t.connector);
    assert.doesNotMatch(textOf(await call(a, 'get_selected_element')), /New since/, 'nothing new yet: no digest');
    await feed(t.connector, browser, [
      consoleLog('just logging'),
      consoleLog('Failed to save draft', { level: 'error', source: 'http://localhost:5173/src/draft.ts:9:3' }),
      { type: 'console-error', message: 'TypeError: x is undefined', timestamp: Date.now() },
      networkRequest('http://localhost:5173/api/save', 500, { statusText: 'Internal Server Error', method: 'POST' }),
      networkRequest('http://localhost:5173/api/ok', 200),
      // The browser's own request: a site without a favicon is not a bug to report after each navigation.
      networkRequest('http://localhost:5173/favicon.ico', 404),
      {
        type: 'network-request',
        method: 'GET',
        url: 'http://localhost:9999/down',
        error: 'net::ERR_CONNECTION_REFUSED',
        timestamp: Date.now(),
      },
    ]);
    const text = textOf(await call(a, 'get_selected_element'));
    const digest = text.slice(text.indexOf('New since'));
    assert.match(text, /^No element selected yet/, 'the answer comes first');
    assert.equal(
      digest,
      'New since your previous call: 2 console errors (#3 #4), 2 failed requests (#5 #8). Details: get_console_entry or get_network_request with the id.',
      'one line of counts and ids, no page text',
    );
    assert.doesNotMatch(textOf(await call(a, 'get_selected_element')), /New since/, 'told once');
    assert.match(
      textOf(await call(b, 'get_selected_element')),
      /New since your previous call: 2 console errors \(#3 #4\), 2 failed requests \(#5 #8\)\./,
      'the other session has its own period',
    );
    await Promise.all([a.close(), b.close()]);
  });

  it('does not repeat what the answer lists, counts the rest, and comes with error answers too', async () => {
    const client = await inMemoryClient(t.connector);
    await feed(t.connector, browser, [
      ...Array.from({ length: 10 }, (_, i) => consoleLog(`error ${i + 1}`, { level: 'error' })),
      networkRequest('http://localhost:5173/api/missing', 404),
    ]);
    const listed = textOf(await call(client, 'get_console_logs', { level: 'error' }));
    const digest = listed.slice(listed.indexOf('\n\nNew since') + 2);
    assert.match(digest, /^New since your previous call: 1 failed request \(#11\) besides those listed above\./);
    assert.doesNotMatch(digest, /#\d+ error/);
    await feed(
      t.connector,
      browser,
      Array.from({ length: 10 }, (_, i) => consoleLog(`later ${i + 1}`, { level: 'error' })),
    );
    const failed = await call(client, 'get_console_entry', { id: '9999' });
    assert.equal(failed.isError, true);
    const text = textOf(failed);
    assert.match(
      text,
      /\n\nNew since your previous call: 10 console errors \(5 older, #17 #18 #19 #20 #21\)\. Details: [^\n]+$/,
    );
    assert.doesNotMatch(text, /later \d/, 'the digest holds no page text');
    await client.close();
  });

  it('puts the digest after the image of a screenshot answer', async () => {
    const client = await inMemoryClient(t.connector);
    const shooter = await scriptedBrowser(t.port, { screenshot: (options) => screenshotAnswer(400, 300, options) });
    await feed(t.connector, shooter, [consoleLog('render failed', { level: 'error' })]);
    const result = await call(client, 'screenshot_capture');
    assert.deepEqual(
      result.content.map((item) => item.type),
      ['text', 'image', 'text'],
    );
    assert.match(
      textOf({ content: [result.content[2]!] }),
      /^New since your previous call: 1 console error \(#\d+\)\./,
    );
    await Promise.all([client.close(), shooter.close()]);
  });
});
