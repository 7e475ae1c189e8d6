import assert from 'node:assert/strict';
import { consoleLog } from '../../../support/connector';
import { get, post, request } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: errors', () => {
  const api = httpApiRig();

  it('rejects an invalid value with INVALID_PARAMETER, the parameter and valid values (both envelopes)', async () => {
    const a = await get(api.port, '/console-logs?level=verbose');
    assert.equal(a.status, 400);
    assert.equal(a.json.error.code, 'INVALID_PARAMETER');
    assert.equal(a.json.error.details.parameter, 'level');
    assert.deepEqual(a.json.error.details.validValues, ['debug', 'log', 'info', 'warn', 'error']);
    assert.equal(typeof a.json.timestamp, 'number');
    const b = await get(api.port, '/api/v1/console-logs?limit=5000');
    assert.equal(b.status, 400);
    assert.equal(b.json.status, 'error');
    assert.equal(b.json.error.code, 'INVALID_PARAMETER');
    assert.equal(b.json.error.details.parameter, 'limit');
    assert.equal(b.json.requestId, b.headers['x-request-id']);
    for (const query of ['limit=0', 'limit=abc', 'since=yesterday', 'format=xml']) {
      assert.equal((await get(api.port, `/console-logs?${query}`)).json.error.code, 'INVALID_PARAMETER', query);
    }
    for (const query of ['status=abc', 'failed=maybe', 'method=G%20T']) {
      assert.equal((await get(api.port, `/network-requests?${query}`)).json.error.code, 'INVALID_PARAMETER', query);
    }
  });

  it('names a missing required parameter: INVALID_REQUEST in A, BAD_REQUEST in B', async () => {
    const a = await post(api.port, '/current-url', { tabId: 1 });
    assert.equal(a.status, 400);
    assert.equal(a.json.error.code, 'INVALID_REQUEST');
    assert.match(a.json.error.message, /'url'/);
    const b = await post(api.port, '/api/v1/extension-log', {});
    assert.equal(b.status, 400);
    assert.equal(b.json.error.code, 'BAD_REQUEST');
    assert.match(b.json.error.message, /'data'/);
  });

  it('rejects a bad extension-log entry without losing what is stored', async () => {
    await api.feed([consoleLog('kept')]);
    const bad = await post(api.port, '/extension-log', { data: { type: 'console-log', level: 'loud', message: 'x' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'INVALID_PARAMETER');
    assert.equal(bad.json.error.details.parameter, 'data.level');
    const badType = await post(api.port, '/extension-log', { data: { type: 'nonsense', message: 'x' } });
    assert.equal(badType.json.error.details.parameter, 'data.type');
    assert.ok(badType.json.error.details.validValues.includes('console-log'));
    assert.equal((await get(api.port, '/console-logs')).json.logs[0].message, 'kept');
  });

  it('answers malformed JSON and oversized bodies with clear errors', async () => {
    const malformed = await request(api.port, 'POST', '/extension-log', {
      rawBody: '{"data": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.json.error.code, 'INVALID_REQUEST');
    const huge = await request(api.port, 'POST', '/api/v1/extension-log', {
      body: { data: { message: 'x'.repeat(2 * 1024 * 1024) } },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.json.error.code, 'PAYLOAD_TOO_LARGE');
    assert.equal(huge.json.status, 'error');
  });

  it('answers 404 NOT_FOUND for unknown paths and 405 for a wrong method, in both envelopes', async () => {
    const missing = await get(api.port, '/nope');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.code, 'NOT_FOUND');
    const missingB = await get(api.port, '/api/v1/nope');
    assert.equal(missingB.json.status, 'error');
    assert.equal(missingB.json.error.code, 'NOT_FOUND');
    const wrong = await request(api.port, 'DELETE', '/console-logs');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.json.error.code, 'METHOD_NOT_ALLOWED');
    assert.equal(wrong.headers.allow, 'GET');
    const wrongB = await request(api.port, 'PUT', '/api/v1/current-url');
    assert.equal(wrongB.status, 405);
    assert.equal(wrongB.headers.allow, 'GET, POST');
    assert.equal((await get(api.port, '/wipelogs')).status, 405);
  });

  it('carries a request id header on every response, echoing a safe incoming one', async () => {
    assert.ok((await get(api.port, '/nope')).headers['x-request-id']);
    assert.equal((await get(api.port, '/health', { 'x-request-id': 'abc-123' })).headers['x-request-id'], 'abc-123');
  });
});
