import assert from 'node:assert/strict';
import { callerHeaders } from '../../../support/callerSecret';
import {
  connectFakeBrowser,
  consoleLog,
  networkRequest,
  startTestConnector,
  until,
  type TestConnector,
} from '../../../support/connector';
import { get } from '../../../support/http';
import { TestSocket } from '../../../support/wsClient';

describe('connector WebSocket hub', () => {
  let t: TestConnector;
  beforeEach(async () => (t = await startTestConnector()));
  afterEach(() => t.stop());

  const store = () => t.connector.services.store;

  it('greets with connection-established and answers heartbeats', async () => {
    const browser = await TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws`);
    const hello = await browser.ofType('connection-established');
    assert.equal(hello.name, 'browser-debug-connector');
    assert.equal(hello.protocolVersion, 1);
    browser.send({ type: 'heartbeat', timestamp: Date.now() });
    await browser.ofType('heartbeat');
    await browser.close();
  });

  it('stores single capture frames of every kind, so the read endpoints show them', async () => {
    const browser = await connectFakeBrowser(t.port);
    browser.send(consoleLog('single'));
    browser.send({
      type: 'console-error',
      message: 'Uncaught TypeError: x',
      stack: 'TypeError: x\n at a.js:1:1',
      timestamp: Date.now(),
    });
    browser.send(networkRequest('http://app/api', 200));
    browser.send({ type: 'current-url', url: 'http://app/', tabId: 3, timestamp: Date.now() });
    await until(() => store().lastSeq >= 4);
    assert.equal((await get(t.port, '/console-logs')).json.logs[0].message, 'single');
    assert.equal((await get(t.port, '/console-errors')).json.errors[0].message, 'Uncaught TypeError: x');
    assert.equal((await get(t.port, '/network-success')).json.requests[0].url, 'http://app/api');
    assert.equal((await get(t.port, '/current-url')).json.url, 'http://app/');
    await browser.close();
  });

  it('stores batched frames in order', async () => {
    const browser = await connectFakeBrowser(t.port);
    browser.send({ type: 'batch', events: Array.from({ length: 1000 }, (_, i) => consoleLog(`b${i}`)) });
    await until(() => store().lastSeq >= 1000);
    const logs = (await get(t.port, '/console-logs?limit=1000')).json.logs;
    assert.deepEqual(
      logs.map((l: { message: string }) => l.message),
      Array.from({ length: 1000 }, (_, i) => `b${i}`),
    );
    await browser.close();
  });

  it('answers malformed frames with an error frame, counts them, keeps the connection and the data', async () => {
    const browser = await connectFakeBrowser(t.port);
    browser.send(consoleLog('before'));
    browser.send('not json {');
    const notJson = await browser.next((f) => f.type === 'error' && /not valid JSON/.test(String(f.message)));
    assert.equal(notJson.code, 'INVALID_FRAME');
    browser.send({ type: 'console-log', level: 'shout', message: 'x', timestamp: 1 });
    const badLevel = await browser.next((f) => f.type === 'error' && /level/.test(String(f.message)));
    assert.equal(badLevel.code, 'INVALID_FRAME');
    browser.send({ type: 'mystery' });
    await browser.next((f) => f.type === 'error' && /mystery/.test(String(f.message)));
    browser.send({ type: 'batch', events: [consoleLog('good-1'), { type: 'console-log' }, consoleLog('good-2')] });
    const badEvent = await browser.next((f) => f.type === 'error' && /Batch event 1/.test(String(f.message)));
    assert.deepEqual(badEvent.details, { index: 1 });
    browser.send({ type: 'batch', events: Array.from({ length: 1001 }, () => consoleLog('x')) });
    await browser.next((f) => f.type === 'error' && /at most 1000/.test(String(f.message)));
    browser.send(consoleLog('after'));
    await until(() => store().lastSeq >= 4);
    const messages = (await get(t.port, '/console-logs')).json.logs.map((l: { message: string }) => l.message);
    assert.deepEqual(messages, ['before', 'good-1', 'good-2', 'after']);
    assert.equal((await get(t.port, '/health')).json.metrics.invalidFrames, 5);
    await browser.close();
  });

  it('warns a browser extension that speaks another protocol version', async () => {
    const browser = await TestSocket.open(`ws://127.0.0.1:${t.port}/extension-ws`);
    browser.send({ type: 'hello', protocolVersion: 99, client: 'browser-extension', version: '9.9.9' });
    const warning = await browser.ofType('error');
    assert.equal(warning.code, 'PROTOCOL_MISMATCH');
    await browser.close();
  });

  it('warns a browser extension of another version, without counting it as a bad frame', async () => {
    const browser = await connectFakeBrowser(t.port, '0.0.1');
    const warning = await browser.ofType('error');
    assert.equal(warning.code, 'VERSION_MISMATCH');
    assert.match(String(warning.message), /reload/);
    assert.equal((await get(t.port, '/health')).json.metrics.invalidFrames, 0);
    await browser.close();
  });

  it('acks numbered batches and stores a re-sent batch only once', async () => {
    const first = await connectFakeBrowser(t.port, undefined, 'instance-1');
    first.send({ type: 'batch', batchSeq: 1, events: [consoleLog('one')] });
    assert.equal((await first.ofType('ack')).batchSeq, 1);
    await first.close();
    const again = await connectFakeBrowser(t.port, undefined, 'instance-1');
    again.send({ type: 'batch', batchSeq: 1, events: [consoleLog('one')] });
    again.send({ type: 'batch', batchSeq: 2, events: [consoleLog('two')] });
    await again.next((f) => f.type === 'ack' && f.batchSeq === 2);
    const other = await connectFakeBrowser(t.port, undefined, 'instance-2');
    other.send({ type: 'batch', batchSeq: 1, events: [consoleLog('other')] });
    await other.ofType('ack');
    const messages = (await get(t.port, '/console-logs')).json.logs.map((l: { message: string }) => l.message);
    assert.deepEqual(messages, ['one', 'two', 'other']);
    await Promise.all([again.close(), other.close()]);
  });

  it('closes a connection whose frame exceeds the frame cap, and keeps serving others', async () => {
    await t.stop();
    t = await startTestConnector({ maxFrameBytes: 64 * 1024 });
    const browser = await connectFakeBrowser(t.port);
    browser.send(consoleLog('x'.repeat(100 * 1024)));
    assert.equal(await browser.closed, 1009);
    const other = await connectFakeBrowser(t.port);
    other.send(consoleLog('still here'));
    await until(() => store().lastSeq >= 1);
    await other.close();
  });

  it('broadcasts every stored capture to /ws clients, and a wipe', async () => {
    const client = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    await client.ofType('connection-established');
    const status = await client.ofType('browser-status');
    assert.equal(status.connected, false);
    const browser = await connectFakeBrowser(t.port);
    await client.next((f) => f.type === 'browser-status' && f.connected === true);
    browser.send({ type: 'batch', events: [consoleLog('live'), networkRequest('http://app/x', 404)] });
    const log = await client.ofType('console-log');
    assert.equal(log.message, 'live');
    assert.equal(typeof log.seq, 'number');
    const request = await client.ofType('network-request');
    assert.equal(request.status, 404);
    await fetch(`http://127.0.0.1:${t.port}/wipelogs`, { method: 'POST', headers: callerHeaders() });
    await client.ofType('cleared');
    await browser.close();
    await client.close();
  });

  it('replays stored entries after a seq before live ones, so a late client misses nothing', async () => {
    const browser = await connectFakeBrowser(t.port);
    browser.send({ type: 'batch', events: Array.from({ length: 5 }, (_, i) => consoleLog(`early${i}`)) });
    await until(() => store().lastSeq >= 5);
    const late = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws?since=2`);
    const done = await late.ofType('replay-complete');
    assert.equal(done.lastSeq, 5);
    browser.send(consoleLog('later'));
    await late.next((f) => f.message === 'later');
    const seen = late.frames.filter((f) => f.type === 'console-log').map((f) => f.message);
    assert.deepEqual(seen, ['early2', 'early3', 'early4', 'later']);

    const subscriber = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    subscriber.send({ type: 'subscribe', since: 0 });
    await subscriber.ofType('replay-complete');
    assert.equal(subscriber.frames.filter((f) => f.type === 'console-log').length, 6);
    await Promise.all([browser.close(), late.close(), subscriber.close()]);
  });

  it('answers an invalid client frame with an error and stays up', async () => {
    const client = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    client.send({ type: 'subscribe', since: -4 });
    const error = await client.ofType('error');
    assert.equal(error.code, 'INVALID_FRAME');
    client.send({ type: 'heartbeat' });
    await client.ofType('heartbeat');
    await client.close();
  });
});
