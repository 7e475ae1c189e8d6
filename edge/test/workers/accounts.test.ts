import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { caller, expectError, json, unique } from './helpers';

const register = (body: unknown) => caller().fetch('/auth/register', { method: 'POST', json: body });

describe('POST /auth/register', () => {
  it('creates the account, answers 201 with a first admin API key, and stores only a PBKDF2 hash', async () => {
    const email = `${unique('Reg')}@Example.com`;
    const res = await register({ email, password: 'a long enough password', name: 'Ada' });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.account).toMatchObject({ email: email.toLowerCase(), name: 'Ada', tier: 'free' });
    expect(data.apiKey.key).toMatch(/^bdk_[A-Za-z0-9_-]{43}$/);
    expect(data.apiKey.scope).toBe('read,write,admin');
    const row = await env.DB.prepare('SELECT * FROM accounts WHERE id = ?').bind(data.account.id).first<any>();
    expect(row.password_hash).not.toContain('a long enough password');
    expect(row.password_iterations).toBe(100_000);
    expect(row.password_salt.length).toBeGreaterThanOrEqual(16);
  });

  it('gives every account its own salt, so equal passwords hash differently', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await register({
        email: `${unique('salt')}@example.com`,
        password: 'the same password',
        name: 'Same',
      });
      ids.push((await json(res)).data.account.id);
    }
    const { results } = await env.DB.prepare('SELECT password_hash, password_salt FROM accounts WHERE id IN (?, ?)')
      .bind(...ids)
      .all<any>();
    expect(results[0].password_salt).not.toBe(results[1].password_salt);
    expect(results[0].password_hash).not.toBe(results[1].password_hash);
  });

  it('refuses a second account with the same email (any case) with 409 CONFLICT', async () => {
    const email = `${unique('dup')}@example.com`;
    expect((await register({ email, password: 'a long enough password', name: 'One' })).status).toBe(201);
    await expectError(
      await register({ email: email.toUpperCase(), password: 'another long password', name: 'Two' }),
      409,
      'CONFLICT',
    );
  });

  it('names the missing or invalid field in envelope B', async () => {
    const missing = await expectError(
      await register({ password: 'a long enough password', name: 'x' }),
      400,
      'BAD_REQUEST',
    );
    expect(missing.error.details.parameter).toBe('email');
    expect(missing.error.message).toContain("'email'");
    const badEmail = await expectError(
      await register({ email: 'not-an-email', password: 'a long enough password', name: 'x' }),
      400,
      'INVALID_PARAMETER',
    );
    expect(badEmail.error.details.parameter).toBe('email');
    const short = await expectError(
      await register({ email: `${unique('s')}@example.com`, password: 'short', name: 'x' }),
      400,
      'INVALID_PARAMETER',
    );
    expect(short.error.details.parameter).toBe('password');
  });

  it('refuses bodies that are not JSON objects with a clear error', async () => {
    const call = caller();
    await expectError(
      await call.fetch('/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{oops',
      }),
      400,
      'BAD_REQUEST',
    );
    await expectError(await call.fetch('/auth/register', { method: 'POST', json: [1, 2] }), 400, 'BAD_REQUEST');
    await expectError(
      await call.fetch('/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'email=x',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectError(
      await call.fetch('/auth/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });
});
