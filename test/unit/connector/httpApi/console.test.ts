import assert from 'node:assert/strict';
import { consoleLog, networkRequest } from '../../../support/connector';
import { get, post } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: console', () => {
  const api = httpApiRig();

  it('returns an empty collection when nothing was captured', async () => {
    const { json } = await get(api.port, '/console-logs');
    assert.deepEqual(json.logs, []);
    assert.equal(json.count, 0);
    assert.equal(json.truncated, false);
  });

  it('returns A fields plus B fields, oldest first, with ids, seq and page load', async () => {
    await api.feed([
      consoleLog('one', { pageLoadId: 'p1', source: 'app.js:3:5' }),
      consoleLog('two', { level: 'warn' }),
    ]);
    const { json } = await get(api.port, '/console-logs');
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
    await api.feed(Array.from({ length: 150 }, (_, i) => consoleLog(`m${i}`)));
    const a = (await get(api.port, '/console-logs')).json;
    assert.equal(a.count, 50);
    assert.equal(a.truncated, true);
    assert.equal(a.logs[49].message, 'm149');
    assert.equal(a.logs[0].message, 'm100');
    const b = (await get(api.port, '/api/v1/console-logs')).json;
    assert.equal(b.status, 'success');
    assert.equal(b.data.logs.length, 100);
    assert.equal(b.data.total, 150);
    assert.equal(b.data.filtered, 150);
    assert.equal((await get(api.port, '/api/console-logs?limit=7')).json.data.logs.length, 7);
  });

  it('treats level as a minimum severity (debug < log = info < warn < error)', async () => {
    await api.feed(['debug', 'log', 'info', 'warn', 'error'].map((level) => consoleLog(level, { level })));
    const messages = async (level: string) =>
      (await get(api.port, `/console-logs?level=${level}`)).json.logs.map((l: { message: string }) => l.message);
    assert.deepEqual(await messages('debug'), ['debug', 'log', 'info', 'warn', 'error']);
    assert.deepEqual(await messages('info'), ['log', 'info', 'warn', 'error']);
    assert.deepEqual(await messages('log'), ['log', 'info', 'warn', 'error']);
    assert.deepEqual(await messages('warn'), ['warn', 'error']);
    assert.deepEqual(await messages('error'), ['error']);
  });

  it('lists uncaught errors among the logs at level error, and in /console-errors', async () => {
    await api.feed([
      consoleLog('fine'),
      { type: 'console-error', message: 'boom', stack: 'Error: boom\n    at app.js:1:1', timestamp: Date.now() },
      consoleLog('bad', { level: 'error' }),
    ]);
    const logs = (await get(api.port, '/console-logs?level=error')).json.logs;
    assert.deepEqual(
      logs.map((l: { message: string; level: string }) => [l.message, l.level]),
      [
        ['boom', 'error'],
        ['bad', 'error'],
      ],
    );
    const errors = (await get(api.port, '/console-errors')).json;
    assert.equal(errors.count, 2);
    assert.equal(errors.errors[0].type, 'console-error');
    assert.equal(errors.errors[0].stack, 'Error: boom\n    at app.js:1:1');
  });

  it('filters by since (ISO 8601)', async () => {
    const now = Date.now();
    await api.feed([consoleLog('old', { timestamp: now - 60_000 }), consoleLog('new', { timestamp: now })]);
    const since = new Date(now - 1000).toISOString();
    const { json } = await get(api.port, `/api/v1/console-logs?since=${encodeURIComponent(since)}`);
    assert.deepEqual(
      json.data.logs.map((l: { message: string }) => l.message),
      ['new'],
    );
  });

  it('answers format=text as plain lines', async () => {
    await api.feed([consoleLog('hello text', { level: 'warn', source: 'a.js:1:2' })]);
    const { text, headers } = await get(api.port, '/console-logs?format=text');
    assert.match(String(headers['content-type']), /^text\/plain/);
    assert.match(text, /\[WARN\] hello text \(a\.js:1:2\)/);
  });

  it('stores a POST /extension-log entry and shows it in later reads', async () => {
    const { json, status } = await post(api.port, '/extension-log', {
      data: { type: 'console-log', level: 'info', message: 'via http', timestamp: 1 },
    });
    assert.equal(status, 200);
    assert.equal(json.success, true);
    const logs = (await get(api.port, '/console-logs')).json.logs;
    assert.equal(logs[0].message, 'via http');
    assert.equal(logs[0].id, json.id);
  });

  it('wipes everything with POST /wipelogs and keeps ids unique afterwards', async () => {
    await api.feed([consoleLog('a'), networkRequest('http://x/a', 200)]);
    const { json } = await post(api.port, '/wipelogs');
    assert.equal(json.success, true);
    assert.equal(json.cleared.consoleLogs, 1);
    assert.equal(json.cleared.networkSuccess, 1);
    assert.equal((await get(api.port, '/console-logs')).json.count, 0);
    assert.equal((await get(api.port, '/network-success')).json.count, 0);
    await api.feed([consoleLog('b')]);
    assert.ok(Number((await get(api.port, '/console-logs')).json.logs[0].id) > 2);
  });
});
