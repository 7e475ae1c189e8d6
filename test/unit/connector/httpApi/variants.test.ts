import assert from 'node:assert/strict';
import { consoleLog, networkRequest } from '../../../support/connector';
import { get, post } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: both variants', () => {
  const api = httpApiRig();

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
    await api.feed([consoleLog('x'), networkRequest('http://app/a', 200), networkRequest('http://app/b', 500)]);
    for (const path of reads) {
      const a = await get(api.port, path);
      assert.equal(a.status, 200, path);
      assert.equal(a.json.status === 'success', false, `${path} must not be wrapped in A`);
      for (const prefix of ['/api/v1', '/api']) {
        const b = await get(api.port, prefix + path);
        assert.equal(b.status, 200, prefix + path);
        assert.equal(b.json.status, 'success', prefix + path);
        assert.equal(b.json.requestId, b.headers['x-request-id']);
        assert.deepEqual(Object.keys(b.json.data).sort(), Object.keys(a.json).sort(), prefix + path);
      }
    }
  });

  it('serves every write in both variants', async () => {
    const a = await post(api.port, '/api/v1/current-url', { url: 'http://app/' });
    assert.equal(a.json.status, 'success');
    assert.equal(a.json.data.url, 'http://app/');
    assert.equal((await post(api.port, '/api/extension-log', { data: { message: 'b' } })).json.status, 'success');
    assert.equal((await post(api.port, '/api/v1/wipelogs')).json.data.success, true);
  });
});
