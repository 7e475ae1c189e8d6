import assert from 'node:assert/strict';
import { callerHeaders } from '../../support/callerSecret';
import type { Server } from 'node:http';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { APP_SOURCE, buildBundle, FAILING_LINE, serveFiles } from '../../support/bundle';
import { connectFakeBrowser, consoleLog } from '../../support/connector';
import { call, feed, inMemoryClient, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';
import type { TestSocket } from '../../support/wsClient';

describe('MCP console tools', () => {
  let t: McpTestConnector;
  let browser: TestSocket;
  let client: Client;
  beforeEach(async () => {
    t = await startMcpConnector();
    browser = await connectFakeBrowser(t.port);
    client = await inMemoryClient(t.connector);
  });
  afterEach(async () => {
    await client.close();
    await browser.close();
    await t.stop();
  });
  const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('#'));

  it('lists one readable line per entry with its id, level, message and source, oldest first', async () => {
    const at = Date.UTC(2026, 10, 22, 12, 3, 4, 123);
    await feed(t.connector, browser, [
      consoleLog('app started', { timestamp: at, source: 'http://localhost:5173/src/main.ts:3:9' }),
      consoleLog('careful\nsecond line', { level: 'warn', timestamp: at + 1 }),
      {
        type: 'console-error',
        message: 'TypeError: items is undefined',
        errorKind: 'uncaught',
        timestamp: at + 2,
        source: 'http://localhost:5173/assets/app.js:1:99',
      },
    ]);
    const text = textOf(await call(client, 'get_console_logs'));
    assert.match(text, /^Console: showing 1–3 of 3 console entries \(3 stored\), oldest first, 2026-11-22 UTC\./);
    assert.deepEqual(lines(text), [
      '#1 12:03:04.123 log app started (/src/main.ts:3:9)',
      '#2 12:03:04.124 warn careful ⏎ second line',
      '#3 12:03:04.125 error (uncaught) TypeError: items is undefined (/assets/app.js:1:99)',
    ]);
    assert.doesNotMatch(text, /[{}]"/, 'not a JSON dump');
    assert.match(text, /get_console_entry/);
  });

  it('filters by minimum level, since and search, and says which filters apply', async () => {
    const base = Date.parse('2026-11-22T10:00:00Z');
    await feed(t.connector, browser, [
      consoleLog('debug noise', { level: 'debug', timestamp: base }),
      consoleLog('info one', { level: 'info', timestamp: base + 1000 }),
      consoleLog('warn old', { level: 'warn', timestamp: base + 2000 }),
      consoleLog('warn new', { level: 'warn', timestamp: base + 60_000 }),
      consoleLog('boom', { level: 'error', timestamp: base + 61_000 }),
    ]);
    const warn = textOf(await call(client, 'get_console_logs', { level: 'warn' }));
    assert.deepEqual(
      lines(warn).map((line) => line.split(' ').slice(3).join(' ')),
      ['warn old', 'warn new', 'boom'],
    );
    assert.match(warn, /showing 1–3 of 3 console entries \(5 stored; level ≥ warn\)/);
    const since = textOf(await call(client, 'get_console_logs', { level: 'warn', since: '2026-11-22T10:01:00Z' }));
    assert.deepEqual(
      lines(since).map((line) => line.split(' ').slice(3).join(' ')),
      ['warn new', 'boom'],
    );
    const search = textOf(await call(client, 'getConsoleLogs', { search: 'WARN' }));
    assert.equal(lines(search).length, 2);
    assert.match(search, /text contains "WARN"/);
    const none = await call(client, 'get_console_logs', { search: 'nothing like this' });
    assert.match(textOf(none), /^Console: none match \(text contains "nothing like this"\); 5 stored\. Narrow with/);
    assert.equal(none.isError, undefined);
  });

  it('pages back from the oldest shown id with before, and the showing line follows', async () => {
    await feed(
      t.connector,
      browser,
      Array.from({ length: 250 }, (_, i) => consoleLog(`message ${i + 1}`)),
    );
    const first = textOf(await call(client, 'get_console_logs', { limit: 100 }));
    assert.match(first, /showing 151–250 of 250 console entries/);
    assert.equal(lines(first)[0]!.split(' ')[0], '#151');
    assert.match(first, /older: before="151"/);
    const second = textOf(await call(client, 'get_console_logs', { limit: 100, before: '151' }));
    assert.match(second, /showing 51–150 of 250/);
    assert.deepEqual([lines(second)[0]!.split(' ')[0], lines(second).at(-1)!.split(' ')[0]], ['#51', '#150']);
    const last = textOf(await call(client, 'get_console_logs', { limit: 100, before: 51 }));
    assert.match(last, /showing 1–50 of 250/);
    assert.doesNotMatch(last, /older: before=/, 'nothing older to page to');
  });

  it('cuts a long message in the list with a visible marker that names the detail tool', async () => {
    await feed(t.connector, browser, [consoleLog('x'.repeat(5000))]);
    const line = lines(textOf(await call(client, 'get_console_logs')))[0]!;
    assert.ok(line.length < 450, `one short line (${line.length})`);
    assert.match(line, /^#1 \S+ log x+…\[truncated 4\d\d\d chars; get_console_entry id=1\]$/);
    const full = textOf(await call(client, 'get_console_entry', { id: '1' }));
    assert.ok(full.includes('x'.repeat(5000)), 'the detail tool shows it whole');
  });

  describe('get_console_entry', () => {
    let server: Server;
    let base: string;
    let bundle: Awaited<ReturnType<typeof buildBundle>>;
    let hits: string[];
    before(async () => {
      bundle = await buildBundle('linked');
      ({ server, base, hits } = await serveFiles({
        '/assets/app.js': bundle.code,
        '/assets/app.js?v=3f2a': bundle.code,
        '/assets/app.js.map': bundle.map!,
      }));
    });
    after(() => server.close());

    it('shows the message, page and stack mapped to the original source, with the line of code', async () => {
      const url = `${base}/assets/app.js`;
      await feed(t.connector, browser, [
        {
          type: 'console-error',
          message: "TypeError: Cannot read properties of undefined (reading 'map')",
          errorKind: 'uncaught',
          source: `${url}:${bundle.line}:${bundle.column}`,
          frames: [
            { url, line: bundle.line, column: bundle.column, functionName: 'a' },
            { url: `${base}/vendor.js`, line: 1, column: 10 },
          ],
          url: 'http://localhost:5173/',
          tabId: 7,
          timestamp: Date.parse('2026-11-22T12:00:00Z'),
        },
      ]);
      const result = await call(client, 'get_console_entry', { id: 1 });
      const text = textOf(result);
      assert.match(text, /^Console entry #1: error \(uncaught\) at 2026-11-22T12:00:00.000Z/);
      assert.match(text, /Page: http:\/\/localhost:5173\/ \(tab 7\)/);
      assert.match(
        text,
        new RegExp(
          `Source: /src/app\\.ts:${FAILING_LINE}:\\d+ \\(bundle /assets/app\\.js:${bundle.line}:${bundle.column}\\)`,
        ),
      );
      assert.match(text, /Stack \(2 frames, 1 of 2 source-mapped\):/);
      assert.match(text, new RegExp(`  at \\S+ /src/app\\.ts:${FAILING_LINE}:\\d+`));
      assert.match(text, / {2}at \/vendor\.js:1:10/);
      assert.ok(text.includes(`${FAILING_LINE} | ${APP_SOURCE.split('\n')[FAILING_LINE - 1]}`), text);
    });

    it('parses a stack given as text when no frames were sent', async () => {
      const url = `${base}/assets/app.js`;
      await feed(t.connector, browser, [
        consoleLog('failed', {
          level: 'error',
          stack: `Error: failed\n    at renderList (${url}:${bundle.line}:${bundle.column})`,
        }),
      ]);
      const text = textOf(await call(client, 'get_console_entry', { id: '1' }));
      assert.match(text, /Stack \(1 frame, source-mapped\):/);
      assert.match(text, new RegExp(`/src/app\\.ts:${FAILING_LINE}`));
    });

    it('lists the source-mapped original location, once per entry, and collapses identical repeats', async () => {
      const url = `${base}/assets/app.js?v=3f2a`;
      const warn = {
        type: 'console-error' as const,
        message: 'boom',
        errorKind: 'uncaught' as const,
        source: `${url}:${bundle.line}:${bundle.column}`,
      };
      await feed(t.connector, browser, [
        { ...warn, timestamp: 1 },
        { ...warn, timestamp: 2 },
        consoleLog('between'),
        { ...warn, timestamp: 3 },
      ]);
      const mapFetches = () => hits.filter((hit) => hit.startsWith('/assets/app.js.map')).length;
      const before = mapFetches();
      const text = textOf(await call(client, 'get_console_logs'));
      assert.match(text, /showing 1–4 of 4 console entries .*consecutive repeats once with ×N/);
      const [first, between, last] = lines(text);
      assert.match(
        first!,
        new RegExp(`^#1 \\S+ error \\(uncaught\\) boom \\(/src/app\\.ts:${FAILING_LINE}:\\d+\\) ×2$`),
      );
      assert.match(between!, /^#3 \S+ log between$/);
      assert.match(last!, new RegExp(`^#4 .* \\(/src/app\\.ts:${FAILING_LINE}:\\d+\\)$`));
      const again = textOf(await call(client, 'get_console_logs'));
      assert.equal(again, text);
      assert.equal(mapFetches() - before, 1, 'one map fetch for every entry and call');
      const http = (await (
        await fetch(`http://127.0.0.1:${t.port}/console-logs`, { headers: callerHeaders() })
      ).json()) as {
        logs: Record<string, unknown>[];
      };
      assert.equal(http.logs.length, 4, 'the HTTP API keeps every entry');
      assert.equal(http.logs[0]!.source, warn.source, 'the raw location stays');
      assert.match(String(http.logs[0]!.originalSource), new RegExp(`/src/app\\.ts:${FAILING_LINE}:\\d+$`));
    });

    it('folds runs of framework frames into one line', async () => {
      const url = `${base}/assets/app.js`;
      const react = (n: number) => ({
        url: `${base}/node_modules/.vite/deps/react-dom_client.js?v=1`,
        line: 100 + n,
        column: 5,
        functionName: `react${n}`,
      });
      const frames = [
        { url, line: bundle.line, column: bundle.column, functionName: 'a' },
        ...[1, 2, 3, 4, 5, 6, 7].map(react),
      ];
      await feed(t.connector, browser, [
        { type: 'console-error', message: 'boom', errorKind: 'uncaught', frames, timestamp: 1 },
      ]);
      const text = textOf(await call(client, 'get_console_entry', { id: 1 }));
      assert.match(
        text,
        /Stack \(8 frames, 1 of 8 source-mapped\):\n {2}at a \/src\/app\.ts:3:\d+ \(bundle [^)]+\)\n {2}… 7 frames in react-dom\n/,
      );
      const list = textOf(await call(client, 'get_console_logs'));
      assert.match(
        list,
        new RegExp(`boom \\(/src/app\\.ts:${FAILING_LINE}:\\d+\\)`),
        'an entry without source shows its first app frame',
      );
    });

    it('says when an entry has no stack', async () => {
      await feed(t.connector, browser, [consoleLog('plain')]);
      assert.match(textOf(await call(client, 'get_console_entry', { id: '1' })), /No stack was captured\./);
    });
  });

  it('answers an unknown id, a non-console id and a malformed id with an error that says what to do', async () => {
    await feed(t.connector, browser, [
      { type: 'network-request', method: 'GET', url: 'http://localhost/x', status: 200, timestamp: Date.now() },
    ]);
    const unknown = await call(client, 'get_console_entry', { id: '999' });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /No console entry with id 999\. .*call get_console_logs for current ids/);
    const wrongKind = await call(client, 'get_console_entry', { id: '1' });
    assert.equal(wrongKind.isError, true);
    assert.match(textOf(wrongKind), /network-request, not a console entry\. Use get_network_request\./);
    const malformed = await call(client, 'get_console_entry', { id: 'abc' });
    assert.equal(malformed.isError, true);
    assert.match(textOf(malformed), /Invalid arguments for get_console_entry: 'id'/);
  });

  it('rejects bad list arguments with the argument, the rule and the accepted arguments', async () => {
    for (const [args, pattern] of [
      [{ limit: 0 }, /'limit': Too small/],
      [{ limit: 1001 }, /'limit': Too big/],
      [{ level: 'verbose' }, /'level': Invalid option/],
      [{ since: 'yesterday' }, /'since': expected an ISO 8601 date-time/],
      [{ levle: 'warn' }, /unknown argument\(s\) 'levle'/],
    ] as const) {
      const result = await call(client, 'get_console_logs', args);
      assert.equal(result.isError, true, JSON.stringify(args));
      assert.match(textOf(result), pattern);
      assert.match(
        textOf(result),
        /Arguments get_console_logs takes: level, limit, since, before, search, context, scope\./,
      );
    }
  });
});
