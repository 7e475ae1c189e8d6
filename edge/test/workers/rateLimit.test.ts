import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bearer, caller, expectError, issueToken, json, registerAccount } from './helpers';
import { connect } from './sockets';

/** Windows are fixed minutes; a burst that would straddle two windows waits for the next one. */
async function awayFromWindowEdge(neededMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Fires `count` requests at once and checks exactness per window: a burst that happens to cross
 * a minute boundary is split by the X-RateLimit-Reset of each answer.
 */
async function burst(
  call: ReturnType<typeof caller>,
  count: number,
  limit: number,
): Promise<{ ok: number; limited: number }> {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      call.fetch('/.identity').then((res) => ({ status: res.status, reset: res.headers.get('X-RateLimit-Reset') })),
    ),
  );
  const windows = new Map<string, { ok: number; limited: number }>();
  for (const { status, reset } of answers) {
    const window = windows.get(reset!) ?? { ok: 0, limited: 0 };
    if (status === 200) window.ok += 1;
    else if (status === 429) window.limited += 1;
    else throw new Error(`unexpected status ${status}`);
    windows.set(reset!, window);
  }
  for (const window of windows.values()) {
    expect(window.ok).toBeLessThanOrEqual(limit);
    if (window.limited) expect(window.ok).toBe(limit);
  }
  return [...windows.values()].reduce((sum, w) => ({ ok: sum.ok + w.ok, limited: sum.limited + w.limited }), {
    ok: 0,
    limited: 0,
  });
}

describe('rate limits', () => {
  it('allows 100 requests a minute per client address and refuses request 101 with 429 and the headers', async () => {
    await awayFromWindowEdge();
    const call = caller();
    for (let i = 1; i <= 100; i++) {
      const res = await call.fetch('/.identity');
      expect(res.status).toBe(200);
      expect(res.headers.get('X-RateLimit-Limit')).toBe('100');
      expect(res.headers.get('X-RateLimit-Remaining')).toBe(String(100 - i));
      expect(res.headers.get('X-RateLimit-Window')).toBe('60');
    }
    const res = await call.fetch('/.identity');
    const windowEnd = Math.floor(Date.now() / 60_000) * 60 + 60;
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(res.headers.get('X-RateLimit-Reset')).toBe(String(windowEnd));
    const retryAfter = Number(res.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = await expectError(res, 429, 'RATE_LIMITED');
    expect(body.error.details).toMatchObject({ limit: 100, window: 60, reset: windowEnd });
    expect((await caller().fetch('/.identity')).status).toBe(200);
  });

  it('is exact under 300 concurrent requests: exactly 100 pass', async () => {
    await awayFromWindowEdge(10_000);
    const { ok, limited } = await burst(caller(), 300, 100);
    expect(ok + limited).toBe(300);
    expect(limited).toBeGreaterThan(0);
  });

  it('counts a known caller per account across addresses, at its tier: free 100, pro 1000, enterprise custom', async () => {
    await awayFromWindowEdge();
    const account = await registerAccount();
    const key = { 'X-API-Key': account.adminKey };
    const first = await caller().fetch('/api/v1/sessions', { headers: key });
    expect(first.headers.get('X-RateLimit-Limit')).toBe('100');
    const second = await caller().fetch('/api/v1/sessions', { headers: key });
    expect(Number(second.headers.get('X-RateLimit-Remaining'))).toBe(
      Number(first.headers.get('X-RateLimit-Remaining')) - 1,
    );
    await env.DB.prepare("UPDATE accounts SET tier = 'pro' WHERE id = ?").bind(account.accountId).run();
    expect((await caller().fetch('/api/v1/sessions', { headers: key })).headers.get('X-RateLimit-Limit')).toBe('1000');
    await env.DB.prepare("UPDATE accounts SET tier = 'enterprise', rate_limit = 5000 WHERE id = ?")
      .bind(account.accountId)
      .run();
    expect((await caller().fetch('/api/v1/sessions', { headers: key })).headers.get('X-RateLimit-Limit')).toBe('5000');
    const { token } = await issueToken(account);
    expect(
      (await caller().fetch('/api/v1/sessions', { headers: bearer(token) })).headers.get('X-RateLimit-Limit'),
    ).toBe('5000');
  });

  it('enforces an account’s own limit exactly, not just reports it (enterprise at 40)', async () => {
    await awayFromWindowEdge(10_000);
    const account = await registerAccount();
    await env.DB.prepare("UPDATE accounts SET tier = 'enterprise', rate_limit = 40 WHERE id = ?")
      .bind(account.accountId)
      .run();
    // The registration request was counted per address, so all 40 of the account's are here.
    const { limited } = await burst(caller(undefined, { 'X-API-Key': account.adminKey }), 60, 40);
    expect(limited).toBeGreaterThan(0);
  });

  it('counts opening a tunnel as a request but never the frames on it, so a busy browser loses nothing', async () => {
    await awayFromWindowEdge();
    const account = await registerAccount();
    const { token } = await issueToken(account);
    const sessionId = `busy-${crypto.randomUUID()}`;
    const before = Number(
      (await caller().fetch('/api/v1/sessions', { headers: bearer(token) })).headers.get('X-RateLimit-Remaining'),
    );
    const connector = await connect(sessionId, bearer(token), '?role=connector');
    for (let i = 0; i < 250; i++)
      connector.send({ type: 'console-log', level: 'info', message: `frame ${i}`, timestamp: Date.now() });
    connector.send({ type: 'batch', batchSeq: 1, events: [] });
    await connector.ofType('ack');
    const after = await caller().fetch('/api/v1/console-logs?limit=1000', {
      headers: { ...bearer(token), 'X-Session-ID': sessionId },
    });
    expect(Number(after.headers.get('X-RateLimit-Remaining'))).toBe(before - 2);
    const body = await json(after);
    expect(body.data.count).toBe(250);
    // Every frame is stored. (Their order is checked end to end in test/node: this in-process
    // test harness does not keep WebSocket message order under load, a real socket does.)
    const messages = new Set(body.data.logs.map((l: { message: string }) => l.message));
    expect(messages.size).toBe(250);
    expect(messages.has('frame 0') && messages.has('frame 249')).toBe(true);
    connector.close();
  });

  it('counts refused credentials against the client address (no free guessing)', async () => {
    await awayFromWindowEdge();
    const call = caller();
    const res = await call.fetch('/api/v1/console-logs', { headers: { 'X-API-Key': 'bdk_guess' } });
    expect(res.headers.get('X-RateLimit-Limit')).toBe('100');
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('99');
    expect(res.status).toBe(401);
  });
});
