import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { bearer, issueToken, json, registerAccount } from './helpers';

/** D1 whose statements containing `fragment` fail, as when a table is missing. */
function failingOn(fragment: string): D1Database {
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') {
        return (sql: string) => {
          if (sql.includes(fragment)) throw new Error(`D1_ERROR: no such table (${fragment})`);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('usage and error records', () => {
  it('a server error answers 500 INTERNAL_ERROR in envelope B without internals, and is written to the error log', async () => {
    const account = await registerAccount();
    const ctx = createExecutionContext();
    const request = new Request('https://edge.test/api/v1/sessions', {
      headers: { 'X-API-Key': account.adminKey, 'X-Request-Id': 'req-broken-1', 'CF-Connecting-IP': '10.252.0.1' },
    });
    const res = await worker.fetch(
      request as any,
      { ...env, DB: failingOn('FROM sessions WHERE account_id') } as any,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const body = await json(res);
    expect(body).toMatchObject({ status: 'error', error: { code: 'INTERNAL_ERROR' }, requestId: 'req-broken-1' });
    expect(body.error.message).not.toContain('D1_ERROR');
    const row = await env.DB.prepare("SELECT * FROM error_log WHERE context LIKE '%req-broken-1%'").first<any>();
    expect(row).toMatchObject({ level: 'error', connector_id: expect.stringMatching(/^key:/) });
    expect(row.message).toContain('no such table');
    expect(JSON.parse(row.context)).toMatchObject({ path: '/api/v1/sessions', requestId: 'req-broken-1' });
  });

  it('daily usage counts requests, bytes and error answers per caller and day', async () => {
    const account = await registerAccount();
    const { token, keys } = await issueToken(account);
    const ctx = createExecutionContext();
    for (const path of ['/api/v1/sessions', '/api/v1/sessions', '/api/v1/console-logs?level=nope']) {
      await worker.fetch(
        new Request(`https://edge.test${path}`, {
          headers: { ...bearer(token), 'CF-Connecting-IP': '10.252.0.2' },
        }) as any,
        env as any,
        ctx,
      );
    }
    await waitOnExecutionContext(ctx);
    const row = await env.DB.prepare('SELECT * FROM daily_usage WHERE connector_id = ?')
      .bind(keys.clientId)
      .first<any>();
    expect(row).toMatchObject({
      date: new Date().toISOString().slice(0, 10),
      requests: 3,
      errors: 1,
      account_id: account.accountId,
    });
    expect(row.data_transferred).toBeGreaterThan(0);
  });
});
