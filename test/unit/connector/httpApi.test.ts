import assert from 'node:assert/strict';
import { SIGNATURE } from '../../../src/shared/identity';
import {
  connectFakeBrowser,
  consoleLog,
  networkRequest,
  startTestConnector,
  until,
  type TestConnector,
} from '../../support/connector';
import { get, post, request } from '../../support/http';
import type { TestSocket } from '../../support/wsClient';

describe('connector HTTP API', () => {
  let t: TestConnector;
  let browser: TestSocket;

  const feed = async (events: unknown[]) => {
    const before = t.connector.services.store.lastSeq;
    browser.send({ type: 'batch', events });
    await until(() => t.connector.services.store.lastSeq >= before + events.length);
  };

  beforeEach(async () => {
    t = await startTestConnector();
    browser = await connectFakeBrowser(t.port);
  });
  afterEach(async () => {
    await browser.close();
    await t.stop();
  });

  describe('identity and health', () => {
    it('answers /.identity with the signature, our name, protocol version and status fields', async () => {
      const { status, json } = await get(t.port, '/.identity');
      assert.equal(status, 200);
      assert.equal(json.signature, SIGNATURE);
      assert.equal(json.name, 'browser-debug-connector');
      assert.equal(json.port, t.port);
      assert.equal(json.protocolVersion, 1);
      assert.equal(json.status, 'healthy');
      assert.equal(typeof json.version, 'string');
      assert.equal(typeof json.uptime, 'number');
      assert.equal(json.connections, 1);
      assert.ok(!Number.isNaN(Date.parse(json.timestamp)));
      assert.deepEqual(json.features, { screenshots: true, engine: true, websocket: true });
    });

    it('answers /.port', async () => {
      assert.deepEqual((await get(t.port, '/.port')).json, { port: t.port });
    });

    it('answers /health in the connector variant with version, checks and metrics', async () => {
      const { json } = await get(t.port, '/health');
      assert.equal(json.status, 'healthy');
      assert.equal(typeof json.version, 'string');
      assert.equal(json.checks.websocket, 'ok');
      assert.equal(json.checks.chrome, 'ok');
      assert.equal(typeof json.checks.engine, 'string');
      assert.match(json.metrics.memoryUsage, /MB$/);
      assert.match(json.metrics.cpuUsage, /%$/);
      assert.equal(json.metrics.activeConnections, 1);
    });

    it('reports a missing browser in /health', async () => {
      await browser.close();
      await until(() => !t.connector.services.bridge.connected);
      assert.equal((await get(t.port, '/health')).json.checks.chrome, 'no browser extension connected');
    });

    it('serves health under /api/v1 in the B envelope', async () => {
      const { json, headers } = await get(t.port, '/api/v1/health');
      assert.equal(json.status, 'success');
      assert.equal(json.data.status, 'healthy');
      assert.equal(json.requestId, headers['x-request-id']);
      assert.ok(!Number.isNaN(Date.parse(json.timestamp)));
    });
  });

  describe('console', () => {
    it('returns an empty collection when nothing was captured', async () => {
      const { json } = await get(t.port, '/console-logs');
      assert.deepEqual(json.logs, []);
      assert.equal(json.count, 0);
      assert.equal(json.truncated, false);
    });

    it('returns A fields plus B fields, oldest first, with ids, seq and page load', async () => {
      await feed([consoleLog('one', { pageLoadId: 'p1', source: 'app.js:3:5' }), consoleLog('two', { level: 'warn' })]);
      const { json } = await get(t.port, '/console-logs');
      assert.deepEqual(
        json.logs.map((log: { message: string }) => log.message),
        ['one', 'two'],
      );
      assert.equal(json.logs[0].source, 'app.js:3:5');
      assert.equal(json.logs[0].pageLoadId, 'p1');
      assert.equal(typeof json.logs[0].id, 'string');
      assert.ok(json.logs[1].seq > json.logs[0].seq);
      assert.equal(json.count, 2);
      assert.equal(json.total, 2);
      assert.equal(json.filtered, 2);
      assert.equal(json.truncated, false);
    });

    it('defaults limit to 50 unversioned and 100 under /api/v1, keeping the newest', async () => {
      await feed(Array.from({ length: 150 }, (_, i) => consoleLog(`m${i}`)));
      const a = (await get(t.port, '/console-logs')).json;
      assert.equal(a.count, 50);
      assert.equal(a.truncated, true);
      assert.equal(a.logs[49].message, 'm149');
      assert.equal(a.logs[0].message, 'm100');
      const b = (await get(t.port, '/api/v1/console-logs')).json;
      assert.equal(b.status, 'success');
      assert.equal(b.data.logs.length, 100);
      assert.equal(b.data.total, 150);
      assert.equal(b.data.filtered, 150);
      assert.equal((await get(t.port, '/api/console-logs?limit=7')).json.data.logs.length, 7);
    });

    it('treats level as a minimum severity (debug < log = info < warn < error)', async () => {
      await feed(['debug', 'log', 'info', 'warn', 'error'].map((level) => consoleLog(level, { level })));
      const messages = async (level: string) =>
        (await get(t.port, `/console-logs?level=${level}`)).json.logs.map((l: { message: string }) => l.message);
      assert.deepEqual(await messages('debug'), ['debug', 'log', 'info', 'warn', 'error']);
      assert.deepEqual(await messages('info'), ['log', 'info', 'warn', 'error']);
      assert.deepEqual(await messages('log'), ['log', 'info', 'warn', 'error']);
      assert.deepEqual(await messages('warn'), ['warn', 'error']);
      assert.deepEqual(await messages('error'), ['error']);
    });

    it('lists uncaught errors among the logs at level error, and in /console-errors', async () => {
      await feed([
        consoleLog('fine'),
        { type: 'console-error', message: 'boom', stack: 'Error: boom\n    at app.js:1:1', timestamp: Date.now() },
        consoleLog('bad', { level: 'error' }),
      ]);
      const logs = (await get(t.port, '/console-logs?level=error')).json.logs;
      assert.deepEqual(
        logs.map((l: { message: string; level: string }) => [l.message, l.level]),
        [
          ['boom', 'error'],
          ['bad', 'error'],
        ],
      );
      const errors = (await get(t.port, '/console-errors')).json;
      assert.equal(errors.count, 2);
      assert.equal(errors.errors[0].type, 'console-error');
      assert.equal(errors.errors[0].stack, 'Error: boom\n    at app.js:1:1');
    });

    it('filters by since (ISO 8601)', async () => {
      const now = Date.now();
      await feed([consoleLog('old', { timestamp: now - 60_000 }), consoleLog('new', { timestamp: now })]);
      const since = new Date(now - 1000).toISOString();
      const { json } = await get(t.port, `/api/v1/console-logs?since=${encodeURIComponent(since)}`);
      assert.deepEqual(
        json.data.logs.map((l: { message: string }) => l.message),
        ['new'],
      );
    });

    it('answers format=text as plain lines', async () => {
      await feed([consoleLog('hello text', { level: 'warn', source: 'a.js:1:2' })]);
      const { text, headers } = await get(t.port, '/console-logs?format=text');
      assert.match(String(headers['content-type']), /^text\/plain/);
      assert.match(text, /\[WARN\] hello text \(a\.js:1:2\)/);
    });

    it('stores a POST /extension-log entry and shows it in later reads', async () => {
      const { json, status } = await post(t.port, '/extension-log', {
        data: { type: 'console-log', level: 'info', message: 'via http', timestamp: 1 },
      });
      assert.equal(status, 200);
      assert.equal(json.success, true);
      const logs = (await get(t.port, '/console-logs')).json.logs;
      assert.equal(logs[0].message, 'via http');
      assert.equal(logs[0].id, json.id);
    });

    it('wipes everything with POST /wipelogs and keeps ids unique afterwards', async () => {
      await feed([consoleLog('a'), networkRequest('http://x/a', 200)]);
      const { json } = await post(t.port, '/wipelogs');
      assert.equal(json.success, true);
      assert.equal(json.cleared.consoleLogs, 1);
      assert.equal(json.cleared.networkSuccess, 1);
      assert.equal((await get(t.port, '/console-logs')).json.count, 0);
      assert.equal((await get(t.port, '/network-success')).json.count, 0);
      await feed([consoleLog('b')]);
      assert.ok(Number((await get(t.port, '/console-logs')).json.logs[0].id) > 2);
    });
  });

  describe('network', () => {
    beforeEach(async () => {
      await feed([
        networkRequest('http://app/ok', 200, {
          size: { request: 10, response: 500 },
          timing: { dns: 1, connect: 2, send: 1, wait: 5, receive: 3 },
          statusText: 'OK',
        }),
        networkRequest('http://app/post', 201, { method: 'POST', timestamp: Date.now() - 5 }),
        networkRequest('http://app/missing', 404, { statusText: 'Not Found' }),
        networkRequest('http://app/down', 0, { error: 'net::ERR_CONNECTION_REFUSED', status: undefined }),
        networkRequest('http://app/crash', 500, { method: 'POST' }),
      ]);
    });

    it('/network-success lists 2xx/3xx with a byte size and filters by method', async () => {
      const { json } = await get(t.port, '/network-success');
      assert.deepEqual(
        json.requests.map((r: { url: string }) => r.url),
        ['http://app/ok', 'http://app/post'],
      );
      assert.equal(json.requests[0].size, 500);
      assert.equal(json.count, 2);
      const posts = (await get(t.port, '/network-success?method=post')).json;
      assert.deepEqual(
        posts.requests.map((r: { url: string }) => r.url),
        ['http://app/post'],
      );
    });

    it('/network-errors lists 4xx, 5xx and failed requests with an error text', async () => {
      const { json } = await get(t.port, '/network-errors');
      assert.deepEqual(
        json.errors.map((r: { url: string; error: string }) => [r.url, r.error]),
        [
          ['http://app/missing', 'HTTP 404 Not Found'],
          ['http://app/down', 'net::ERR_CONNECTION_REFUSED'],
          ['http://app/crash', 'HTTP 500'],
        ],
      );
      assert.equal(json.count, 3);
    });

    it('/all-xhr merges successes and errors by time', async () => {
      const { json } = await get(t.port, '/all-xhr');
      assert.equal(json.count, 5);
      assert.equal(json.requests[0].url, 'http://app/post');
      const times = json.requests.map((r: { timestamp: number }) => r.timestamp);
      assert.deepEqual(
        times,
        [...times].sort((a: number, b: number) => a - b),
      );
    });

    it('/network-requests gives the detailed shape and filters status, method and failed', async () => {
      const all = (await get(t.port, '/network-requests')).json;
      assert.equal(all.total, 5);
      const ok = all.requests.find((r: { url: string }) => r.url === 'http://app/ok');
      assert.deepEqual(ok.size, { request: 10, response: 500 });
      assert.deepEqual(ok.timing, { dns: 1, connect: 2, send: 1, wait: 5, receive: 3 });
      assert.equal(ok.statusText, 'OK');
      assert.equal(typeof ok.id, 'string');
      const urls = async (query: string) =>
        (await get(t.port, `/api/v1/network-requests?${query}`)).json.data.requests.map((r: { url: string }) => r.url);
      assert.deepEqual(await urls('status=404'), ['http://app/missing']);
      assert.deepEqual(await urls('status=5xx'), ['http://app/crash']);
      assert.deepEqual(await urls('failed=true'), ['http://app/missing', 'http://app/down', 'http://app/crash']);
      assert.deepEqual(await urls('failed=false&method=POST'), ['http://app/post']);
      assert.deepEqual(await urls('limit=1'), ['http://app/crash']);
    });
  });

  describe('page', () => {
    it('GET /current-url says when no page was reported, and POST /current-url sets it', async () => {
      assert.equal((await get(t.port, '/current-url')).json.url, null);
      const posted = await post(t.port, '/current-url', { url: 'http://localhost:5173/', tabId: 7, source: 'test' });
      assert.equal(posted.json.success, true);
      const { json } = await get(t.port, '/current-url');
      assert.equal(json.url, 'http://localhost:5173/');
      assert.equal(json.tabId, 7);
      assert.equal(json.source, 'test');
    });

    it('tracks page loads from page-navigated frames and keeps history across them', async () => {
      await feed([
        { type: 'page-navigated', url: 'http://app/one', tabId: 1, pageLoadId: 'load-1', timestamp: Date.now() },
        consoleLog('on one', { tabId: 1 }),
        {
          type: 'page-navigated',
          url: 'http://app/two',
          tabId: 1,
          pageLoadId: 'load-2',
          timestamp: Date.now(),
          title: 'Two',
        },
        consoleLog('on two', { tabId: 1 }),
      ]);
      const logs = (await get(t.port, '/console-logs')).json.logs;
      assert.deepEqual(
        logs.map((l: { message: string; pageLoadId: string }) => [l.message, l.pageLoadId]),
        [
          ['on one', 'load-1'],
          ['on two', 'load-2'],
        ],
      );
      const page = (await get(t.port, '/current-url')).json;
      assert.equal(page.url, 'http://app/two');
      assert.equal(page.title, 'Two');
    });

    it('GET /selected-element returns the latest selection', async () => {
      assert.equal((await get(t.port, '/selected-element')).json.element, null);
      const element = {
        tagName: 'BUTTON',
        id: 'save',
        className: 'primary',
        attributes: { id: 'save', class: 'primary' },
        dimensions: { width: 80, height: 24, top: 10, left: 20 },
        innerHTML: 'Save',
        textContent: 'Save',
      };
      await feed([{ type: 'selected-element', element, timestamp: Date.now(), url: 'http://app/' }]);
      const { json } = await get(t.port, '/selected-element');
      assert.deepEqual(json.element, element);
      assert.equal((await get(t.port, '/api/v1/selected-element')).json.data.element.id, 'save');
    });
  });

  describe('both variants', () => {
    const reads = [
      '/.identity',
      '/.port',
      '/health',
      '/console-logs',
      '/console-errors',
      '/network-success',
      '/network-errors',
      '/all-xhr',
      '/network-requests',
      '/current-url',
      '/selected-element',
    ];

    it('serves every read unversioned in variant A and under /api/v1 and /api in variant B with the same data', async () => {
      await feed([consoleLog('x'), networkRequest('http://app/a', 200), networkRequest('http://app/b', 500)]);
      for (const path of reads) {
        const a = await get(t.port, path);
        assert.equal(a.status, 200, path);
        assert.equal(a.json.status === 'success', false, `${path} must not be wrapped in A`);
        for (const prefix of ['/api/v1', '/api']) {
          const b = await get(t.port, prefix + path);
          assert.equal(b.status, 200, prefix + path);
          assert.equal(b.json.status, 'success', prefix + path);
          assert.equal(b.json.requestId, b.headers['x-request-id']);
          assert.deepEqual(Object.keys(b.json.data).sort(), Object.keys(a.json).sort(), prefix + path);
        }
      }
    });

    it('serves every write in both variants', async () => {
      const a = await post(t.port, '/api/v1/current-url', { url: 'http://app/' });
      assert.equal(a.json.status, 'success');
      assert.equal(a.json.data.url, 'http://app/');
      assert.equal((await post(t.port, '/api/extension-log', { data: { message: 'b' } })).json.status, 'success');
      assert.equal((await post(t.port, '/api/v1/wipelogs')).json.data.success, true);
    });
  });

  describe('errors', () => {
    it('rejects an invalid value with INVALID_PARAMETER, the parameter and valid values (both envelopes)', async () => {
      const a = await get(t.port, '/console-logs?level=verbose');
      assert.equal(a.status, 400);
      assert.equal(a.json.error.code, 'INVALID_PARAMETER');
      assert.equal(a.json.error.details.parameter, 'level');
      assert.deepEqual(a.json.error.details.validValues, ['debug', 'log', 'info', 'warn', 'error']);
      assert.equal(typeof a.json.timestamp, 'number');
      const b = await get(t.port, '/api/v1/console-logs?limit=5000');
      assert.equal(b.status, 400);
      assert.equal(b.json.status, 'error');
      assert.equal(b.json.error.code, 'INVALID_PARAMETER');
      assert.equal(b.json.error.details.parameter, 'limit');
      assert.equal(b.json.requestId, b.headers['x-request-id']);
      for (const query of ['limit=0', 'limit=abc', 'since=yesterday', 'format=xml']) {
        assert.equal((await get(t.port, `/console-logs?${query}`)).json.error.code, 'INVALID_PARAMETER', query);
      }
      for (const query of ['status=abc', 'failed=maybe', 'method=G%20T']) {
        assert.equal((await get(t.port, `/network-requests?${query}`)).json.error.code, 'INVALID_PARAMETER', query);
      }
    });

    it('names a missing required parameter: INVALID_REQUEST in A, BAD_REQUEST in B', async () => {
      const a = await post(t.port, '/current-url', { tabId: 1 });
      assert.equal(a.status, 400);
      assert.equal(a.json.error.code, 'INVALID_REQUEST');
      assert.match(a.json.error.message, /'url'/);
      const b = await post(t.port, '/api/v1/extension-log', {});
      assert.equal(b.status, 400);
      assert.equal(b.json.error.code, 'BAD_REQUEST');
      assert.match(b.json.error.message, /'data'/);
    });

    it('rejects a bad extension-log entry without losing what is stored', async () => {
      await feed([consoleLog('kept')]);
      const bad = await post(t.port, '/extension-log', { data: { type: 'console-log', level: 'loud', message: 'x' } });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.error.code, 'INVALID_PARAMETER');
      assert.equal(bad.json.error.details.parameter, 'data.level');
      const badType = await post(t.port, '/extension-log', { data: { type: 'nonsense', message: 'x' } });
      assert.equal(badType.json.error.details.parameter, 'data.type');
      assert.ok(badType.json.error.details.validValues.includes('console-log'));
      assert.equal((await get(t.port, '/console-logs')).json.logs[0].message, 'kept');
    });

    it('answers malformed JSON and oversized bodies with clear errors', async () => {
      const malformed = await request(t.port, 'POST', '/extension-log', {
        rawBody: '{"data": ',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(malformed.status, 400);
      assert.equal(malformed.json.error.code, 'INVALID_REQUEST');
      const huge = await request(t.port, 'POST', '/api/v1/extension-log', {
        body: { data: { message: 'x'.repeat(2 * 1024 * 1024) } },
      });
      assert.equal(huge.status, 413);
      assert.equal(huge.json.error.code, 'PAYLOAD_TOO_LARGE');
      assert.equal(huge.json.status, 'error');
    });

    it('answers 404 NOT_FOUND for unknown paths and 405 for a wrong method, in both envelopes', async () => {
      const missing = await get(t.port, '/nope');
      assert.equal(missing.status, 404);
      assert.equal(missing.json.error.code, 'NOT_FOUND');
      const missingB = await get(t.port, '/api/v1/nope');
      assert.equal(missingB.json.status, 'error');
      assert.equal(missingB.json.error.code, 'NOT_FOUND');
      const wrong = await request(t.port, 'DELETE', '/console-logs');
      assert.equal(wrong.status, 405);
      assert.equal(wrong.json.error.code, 'METHOD_NOT_ALLOWED');
      assert.equal(wrong.headers.allow, 'GET');
      const wrongB = await request(t.port, 'PUT', '/api/v1/current-url');
      assert.equal(wrongB.status, 405);
      assert.equal(wrongB.headers.allow, 'GET, POST');
      assert.equal((await get(t.port, '/wipelogs')).status, 405);
    });

    it('carries a request id header on every response, echoing a safe incoming one', async () => {
      assert.ok((await get(t.port, '/nope')).headers['x-request-id']);
      assert.equal((await get(t.port, '/health', { 'x-request-id': 'abc-123' })).headers['x-request-id'], 'abc-123');
    });
  });
});
