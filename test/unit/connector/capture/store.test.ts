import assert from 'node:assert/strict';
import { resolveConfig } from '../../../../src/connector/config/config';
import { RingBuffer } from '../../../../src/connector/capture/ringBuffer';
import { CaptureStore } from '../../../../src/connector/capture/store';
import type { CaptureEvent } from '../../../../src/shared/protocol';

const log = (message: string, extra: Partial<CaptureEvent> = {}): CaptureEvent =>
  ({ type: 'console-log', level: 'log', message, timestamp: Date.now(), ...extra }) as CaptureEvent;

describe('RingBuffer', () => {
  it('keeps the newest entries when over the count cap', () => {
    const buffer = new RingBuffer<{ seq: number }>({ maxEntries: 3, maxBytes: 1e9 });
    for (let seq = 1; seq <= 10; seq++) buffer.push({ seq });
    assert.deepEqual(
      buffer.toArray().map((e) => e.seq),
      [8, 9, 10],
    );
    assert.equal(buffer.evicted, 7);
  });

  it('keeps the newest entries when over the byte cap, and never drops the newest', () => {
    const maxBytes = 64 * 1024;
    const buffer = new RingBuffer<{ seq: number; text?: string }>({ maxEntries: 1e6, maxBytes });
    for (let seq = 1; seq <= 1000; seq++) {
      buffer.push({ seq, text: 'x'.repeat(1000) });
      assert.ok(buffer.byteSize <= maxBytes, `${buffer.byteSize} bytes held after ${seq} entries`);
    }
    const seqs = buffer.toArray().map((e) => e.seq);
    assert.ok(seqs.length > 10 && seqs.length < 64, `${seqs.length} entries of 1 kB in 64 kB`);
    assert.deepEqual(
      seqs,
      Array.from({ length: seqs.length }, (_, i) => 1001 - seqs.length + i),
      'the newest, in order, none missing',
    );
    buffer.push({ seq: 1001, text: 'y'.repeat(500_000) });
    assert.deepEqual(
      buffer.toArray().map((e) => e.seq),
      [1001],
    );
    assert.equal(buffer.at(0).text?.length, 500_000);
  });

  it('finds entries by seq after many evictions and compactions', () => {
    const buffer = new RingBuffer<{ seq: number }>({ maxEntries: 500, maxBytes: 1e9 });
    for (let seq = 1; seq <= 5000; seq += 2) buffer.push({ seq });
    assert.equal(buffer.findBySeq(4999)?.seq, 4999);
    assert.equal(buffer.findBySeq(4998), undefined);
    assert.equal(buffer.findBySeq(1), undefined);
    assert.equal(buffer.indexAfter(4997), buffer.size - 1);
  });
});

describe('CaptureStore', () => {
  const store = (limits = {}) => new CaptureStore({ ...resolveConfig().limits, ...limits });

  it('gives every entry a stable id, a monotonic seq and its page load', () => {
    const s = store();
    s.ingest({ type: 'page-navigated', url: 'http://a/', tabId: 1, pageLoadId: 'L1', timestamp: 1 });
    const a = s.ingest(log('a', { tabId: 1 }));
    const b = s.ingest(log('b', { tabId: 2 }));
    assert.equal(a.id, '2');
    assert.equal(a.pageLoadId, 'L1');
    assert.equal(b.pageLoadId, 'L1', 'an unknown tab falls back to the latest page load');
    assert.deepEqual(s.findById(a.id), a, 'read back as stored (a copy: the store keeps JSON text)');
    assert.equal(s.findById('nope'), undefined);
  });

  it('routes network requests: 2xx/3xx to successes, 4xx/5xx and failures to errors', () => {
    const s = store();
    for (const status of [200, 304, 404, 500])
      s.ingest({ type: 'network-request', method: 'GET', url: `http://a/${status}`, status, timestamp: 1 });
    s.ingest({ type: 'network-request', method: 'GET', url: 'http://a/fail', error: 'net::ERR_FAILED', timestamp: 1 });
    assert.equal(s.counts().networkSuccess, 2);
    assert.equal(s.counts().networkErrors, 3);
  });

  it('caps long strings with a visible marker', () => {
    const s = store({ maxFieldChars: 10 });
    const entry = s.ingest(log('x'.repeat(25), { stack: ['y'.repeat(30)] }));
    assert.equal(entry.type === 'console-log' && entry.message, 'xxxxxxxxxx…[truncated 15 chars]');
    assert.equal(entry.type === 'console-log' && (entry.stack as string[])[0], 'yyyyyyyyyy…[truncated 20 chars]');
  });

  it('turns a dropped marker into a visible warning', () => {
    const s = store();
    const entry = s.ingest({ type: 'dropped', count: 42, timestamp: 1 });
    assert.equal(entry.type, 'console-log');
    assert.match(entry.type === 'console-log' ? entry.message : '', /42 captures were dropped/);
  });

  it('stays bounded and keeps the newest under a long stream', () => {
    const s = store({ consoleLogs: { maxEntries: 100, maxBytes: 1e9 } });
    for (let i = 0; i < 10_000; i++) s.ingest(log(`m${i}`));
    const { entries, matched, total } = s.query(['consoleLogs'], () => true, 5);
    assert.equal(total, 100);
    assert.equal(matched, 100);
    assert.deepEqual(
      entries.map((e) => e.message),
      ['m9995', 'm9996', 'm9997', 'm9998', 'm9999'],
    );
  });

  it('replays everything after a seq across kinds in seq order', () => {
    const s = store();
    s.ingest(log('a'));
    s.ingest({ type: 'network-request', method: 'GET', url: 'http://a/', status: 200, timestamp: 1 });
    s.ingest(log('b'));
    assert.deepEqual(
      s.since(1).map((e) => e.seq),
      [2, 3],
    );
  });
});

describe('header redaction in the store', () => {
  it('stores the values of credential headers, and any name the user adds, as [redacted]', () => {
    const s = new CaptureStore(resolveConfig().limits, { headers: ['authorization', 'X-Custom'], fullBodies: false });
    const entry = s.ingest({
      type: 'network-request',
      method: 'GET',
      url: 'http://a/',
      status: 200,
      timestamp: 1,
      requestHeaders: { Authorization: 'Bearer secret', 'x-custom': 'k', Accept: '*/*' },
      responseHeaders: { 'X-API-KEY': 'k2' },
    });
    assert.ok(entry.type === 'network-request');
    assert.deepEqual(entry.requestHeaders, { Authorization: '[redacted]', 'x-custom': '[redacted]', Accept: '*/*' });
    assert.deepEqual(entry.responseHeaders, { 'X-API-KEY': '[redacted]' });
  });
});
