import assert from 'node:assert/strict';
import { networkRequest } from '../../../support/connector';
import { get } from '../../../support/http';
import { httpApiRig } from './httpApiRig';

describe('connector HTTP API: network', () => {
  const api = httpApiRig();

  beforeEach(async () => {
    await api.feed([
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
    const { json } = await get(api.port, '/network-success');
    assert.deepEqual(
      json.requests.map((r: { url: string }) => r.url),
      ['http://app/ok', 'http://app/post'],
    );
    assert.equal(json.requests[0].size, 500);
    assert.equal(json.count, 2);
    const posts = (await get(api.port, '/network-success?method=post')).json;
    assert.deepEqual(
      posts.requests.map((r: { url: string }) => r.url),
      ['http://app/post'],
    );
  });

  it('/network-errors lists 4xx, 5xx and failed requests with an error text', async () => {
    const { json } = await get(api.port, '/network-errors');
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
    const { json } = await get(api.port, '/all-xhr');
    assert.equal(json.count, 5);
    assert.equal(json.requests[0].url, 'http://app/post');
    const times = json.requests.map((r: { timestamp: number }) => r.timestamp);
    assert.deepEqual(
      times,
      [...times].sort((a: number, b: number) => a - b),
    );
  });

  it('/network-requests gives the detailed shape and filters status, method and failed', async () => {
    const all = (await get(api.port, '/network-requests')).json;
    assert.equal(all.total, 5);
    const ok = all.requests.find((r: { url: string }) => r.url === 'http://app/ok');
    assert.deepEqual(ok.size, { request: 10, response: 500 });
    assert.deepEqual(ok.timing, { dns: 1, connect: 2, send: 1, wait: 5, receive: 3 });
    assert.equal(ok.statusText, 'OK');
    assert.equal(typeof ok.id, 'string');
    const urls = async (query: string) =>
      (await get(api.port, `/api/v1/network-requests?${query}`)).json.data.requests.map((r: { url: string }) => r.url);
    assert.deepEqual(await urls('status=404'), ['http://app/missing']);
    assert.deepEqual(await urls('status=5xx'), ['http://app/crash']);
    assert.deepEqual(await urls('failed=true'), ['http://app/missing', 'http://app/down', 'http://app/crash']);
    assert.deepEqual(await urls('failed=false&method=POST'), ['http://app/post']);
    assert.deepEqual(await urls('limit=1'), ['http://app/crash']);
  });
});
