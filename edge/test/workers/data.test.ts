import { describe, expect, it } from 'vitest';
import { bearer, expectError, issueToken, json, registerAccount } from './helpers';
import { seedSession } from './sockets';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const log = (i: number, level: string, message = `m${i}`) => ({
  type: 'console-log',
  level,
  message,
  timestamp: T0 + i * 1000,
  source: 'app.js:1:1',
  url: 'https://app.test/',
});
const request = (i: number, method: string, status: number | undefined, extra: Record<string, unknown> = {}) => ({
  type: 'network-request',
  method,
  url: `https://api.test/${i}`,
  status,
  timestamp: T0 + i * 1000,
  duration: 12,
  size: 300,
  timing: { dns: 1, connect: 2, send: 1, wait: 5, receive: 3 },
  ...extra,
});

async function fixture() {
  const account = await registerAccount();
  const { token } = await issueToken(account);
  const events = [
    log(1, 'debug'),
    log(2, 'log'),
    log(3, 'info'),
    log(4, 'warn'),
    log(5, 'error'),
    {
      type: 'console-error',
      message: 'Uncaught TypeError: x is undefined',
      stack: 'at app.js:9',
      timestamp: T0 + 6000,
    },
    request(7, 'GET', 200),
    request(8, 'POST', 201),
    request(9, 'GET', 404, { statusText: 'Not Found' }),
    request(10, 'POST', 503),
    request(11, 'GET', undefined, { error: 'net::ERR_CONNECTION_REFUSED' }),
  ];
  const sessionA = await seedSession(token, events);
  const sessionB = await seedSession(token, [log(20, 'error', 'from B')]);
  return { account, token, sessionA, sessionB, headers: bearer(token) };
}

describe('console logs: /api/v1/console-logs and /api/console-logs', () => {
  it('answers every log of the caller’s sessions in envelope B, oldest first, uncaught errors as level error', async () => {
    const { account, headers } = await fixture();
    const body = await json(await account.call.fetch('/api/v1/console-logs', { headers }));
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({ count: 7, total: 7, filtered: 7, truncated: false });
    expect(body.data.logs.map((l: { message: string }) => l.message)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'Uncaught TypeError: x is undefined',
      'from B',
    ]);
    expect(body.data.logs[5]).toMatchObject({ type: 'console-error', level: 'error', stack: 'at app.js:9' });
    expect(body.data.logs[0]).toMatchObject({ level: 'debug', source: 'app.js:1:1', url: 'https://app.test/', seq: 1 });
    const alias = await json(await account.call.fetch('/api/console-logs', { headers }));
    expect(alias.data.logs).toEqual(body.data.logs);
  });

  it('filters by minimum level, since and limit (newest kept), and narrows to one session with X-Session-ID', async () => {
    const { account, headers, sessionA } = await fixture();
    const get = async (query: string, extra: Record<string, string> = {}) =>
      (await json(await account.call.fetch(`/api/v1/console-logs${query}`, { headers: { ...headers, ...extra } })))
        .data;
    expect((await get('?level=warn')).logs.map((l: { message: string }) => l.message)).toEqual([
      'm4',
      'm5',
      'Uncaught TypeError: x is undefined',
      'from B',
    ]);
    expect((await get('?level=INFO')).count).toBe(6);
    const since = await get(`?since=${new Date(T0 + 4000).toISOString()}`);
    expect(since.logs.map((l: { message: string }) => l.message)).toEqual([
      'm4',
      'm5',
      'Uncaught TypeError: x is undefined',
      'from B',
    ]);
    expect((await get(`?since=${T0 + 5000}`)).count).toBe(3);
    const limited = await get('?limit=2');
    expect(limited).toMatchObject({ count: 2, truncated: true, filtered: 7, total: 7 });
    expect(limited.logs.map((l: { message: string }) => l.message)).toEqual([
      'Uncaught TypeError: x is undefined',
      'from B',
    ]);
    const one = await get('', { 'X-Session-ID': sessionA });
    expect(one.count).toBe(6);
    expect(one.logs.every((l: { sessionId: string }) => l.sessionId === sessionA)).toBe(true);
  });

  it('answers format=text as one line per entry', async () => {
    const { account, headers } = await fixture();
    const res = await account.call.fetch('/api/v1/console-logs?format=text&level=error', { headers });
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    expect((await res.text()).trim().split('\n')).toEqual([
      '2026-03-01T10:00:05.000Z [ERROR] m5 (app.js:1:1)',
      '2026-03-01T10:00:06.000Z [ERROR] Uncaught TypeError: x is undefined',
      '2026-03-01T10:00:20.000Z [ERROR] from B (app.js:1:1)',
    ]);
  });

  it('rejects bad parameters with INVALID_PARAMETER naming the parameter and its valid values', async () => {
    const { account, headers } = await fixture();
    const level = await expectError(
      await account.call.fetch('/api/v1/console-logs?level=loud', { headers }),
      400,
      'INVALID_PARAMETER',
    );
    expect(level.error.details).toMatchObject({
      parameter: 'level',
      value: 'loud',
      validValues: ['debug', 'log', 'info', 'warn', 'error'],
    });
    for (const query of ['limit=0', 'limit=1001', 'limit=ten', 'since=yesterday', 'format=xml']) {
      const body = await expectError(
        await account.call.fetch(`/api/v1/console-logs?${query}`, { headers }),
        400,
        'INVALID_PARAMETER',
      );
      expect(body.error.details.parameter).toBe(query.split('=')[0]);
      expect(body.error.message).toContain(query.split('=')[0]);
    }
  });

  it('never shows another account’s captures', async () => {
    await fixture();
    const stranger = await registerAccount();
    const body = await json(
      await stranger.call.fetch('/api/v1/console-logs', { headers: { 'X-API-Key': stranger.adminKey } }),
    );
    expect(body.data).toMatchObject({ logs: [], count: 0, total: 0 });
  });
});

describe('network requests: /api/v1/network-requests and /api/network-requests', () => {
  it('answers the detailed shape with total, filtered, truncated', async () => {
    const { account, headers } = await fixture();
    const body = await json(await account.call.fetch('/api/network-requests', { headers }));
    expect(body.data).toMatchObject({ count: 5, total: 5, filtered: 5, truncated: false });
    expect(body.data.requests[0]).toMatchObject({
      method: 'GET',
      status: 200,
      size: { request: 0, response: 300 },
      timing: { dns: 1, connect: 2, send: 1, wait: 5, receive: 3 },
    });
  });

  it('filters by status (exact or class), method (any case) and failed', async () => {
    const { account, headers } = await fixture();
    const urls = async (query: string) =>
      (await json(await account.call.fetch(`/api/v1/network-requests${query}`, { headers }))).data.requests.map(
        (r: { url: string }) => r.url.split('/').pop(),
      );
    expect(await urls('?status=404')).toEqual(['9']);
    expect(await urls('?status=5xx')).toEqual(['10']);
    expect(await urls('?method=post')).toEqual(['8', '10']);
    expect(await urls('?failed=true')).toEqual(['9', '10', '11']);
    expect(await urls('?failed=false')).toEqual(['7', '8']);
    expect(await urls('?method=GET&failed=true&limit=1')).toEqual(['11']);
    await expectError(
      await account.call.fetch('/api/v1/network-requests?status=abc', { headers }),
      400,
      'INVALID_PARAMETER',
    );
    await expectError(
      await account.call.fetch('/api/v1/network-requests?failed=maybe', { headers }),
      400,
      'INVALID_PARAMETER',
    );
  });
});
