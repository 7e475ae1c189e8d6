import assert from 'node:assert/strict';
import { harOf } from '../../../../src/connector/har/harLog';
import type { StoredNetworkRequest } from '../../../../src/shared/protocol';

const request = (fields: Partial<StoredNetworkRequest>): StoredNetworkRequest =>
  ({
    type: 'network-request',
    id: '7',
    seq: 7,
    method: 'POST',
    url: 'http://localhost:5173/api/items?page=2&q=tea',
    timestamp: Date.UTC(2026, 0, 31, 12),
    pageLoadId: 'load-1',
    ...fields,
  }) as StoredNetworkRequest;

describe('HAR 1.2 from captured requests (harLog, typed by @types/har-format)', () => {
  it('writes one page per page load, and an entry with headers, query, body, timings and sizes', () => {
    const har = harOf([
      request({
        status: 201,
        statusText: 'Created',
        resourceType: 'XHR',
        requestHeaders: { 'Content-Type': 'application/json' },
        responseHeaders: { 'content-type': 'application/json', Location: '/api/items/9' },
        requestBody: '{"name":"tea"}',
        responseBody: '{"id":9}',
        size: { request: 14, response: 8 },
        timing: { dns: 1.2, connect: 2.6, send: 0.4, wait: 20.5, receive: 3.1 },
      }),
    ]);
    assert.equal(har.log.version, '1.2');
    assert.deepEqual(
      (har.log.pages ?? []).map((page) => page.id),
      ['load-1'],
    );
    const [entry] = har.log.entries;
    assert.ok(entry);
    assert.equal(entry.startedDateTime, '2026-01-31T12:00:00.000Z');
    assert.deepEqual(entry.request.queryString, [
      { name: 'page', value: '2' },
      { name: 'q', value: 'tea' },
    ]);
    assert.deepEqual(entry.request.postData, { mimeType: 'application/json', text: '{"name":"tea"}' });
    assert.equal(entry.response.redirectURL, '/api/items/9');
    assert.deepEqual(entry.response.content, { size: 8, mimeType: 'application/json', text: '{"id":9}' });
    assert.deepEqual(entry.timings, { blocked: -1, dns: 1, connect: 3, send: 0, wait: 21, receive: 3 });
    assert.equal(entry.time, 28);
    assert.equal(entry._resourceType, 'xhr');
  });

  it('counts a request without phases as waiting, and keeps a failure', () => {
    const [entry] = harOf([request({ duration: 42.4, error: 'net::ERR_FAILED', size: 5 })]).log.entries;
    assert.deepEqual(entry?.timings, { blocked: -1, dns: -1, connect: -1, send: 0, wait: 42, receive: 0 });
    assert.equal(entry?.response.status, 0);
    // A custom field, as DevTools writes `_error` too.
    assert.ok(JSON.stringify(entry?.response).includes('"_error":"net::ERR_FAILED"'));
    assert.deepEqual([entry?.request.bodySize, entry?.response.bodySize], [-1, 5]);
  });
});
