import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearer, expectError, issueToken, json, registerAccount } from './helpers';

/** The edge's JWT secret under test (vitest.config.ts): signs tokens that pass the signature check but were never issued. */
const SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-0123456789');

describe('401 and 403 rules', () => {
  it('401 UNAUTHORIZED without credentials, with WWW-Authenticate', async () => {
    const account = await registerAccount();
    const res = await account.call.fetch('/api/v1/console-logs');
    expect(res.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect((await expectError(res, 401, 'UNAUTHORIZED')).error.details.reason).toBe('missing');
  });

  it('401 for a token with a bad signature, a malformed token, an unknown API key', async () => {
    const account = await registerAccount();
    const { token } = await issueToken(account);
    const [header, payload] = token.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer(tampered) }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('bad_signature');
    const otherSecret = await new SignJWT({ acc: account.accountId, scope: 'read,write' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('browser-debug-edge')
      .setAudience('browser-debug-api')
      .setSubject('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!!'));
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer(otherSecret) }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('bad_signature');
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer('not.a.jwt') }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('malformed');
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: { 'X-API-Key': 'bdk_nope' } }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('unknown_key');
  });

  it('401 for an expired token', async () => {
    const account = await registerAccount();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({ acc: account.accountId, scope: 'read,write' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('browser-debug-edge')
      .setAudience('browser-debug-api')
      .setSubject('c')
      .setJti('j')
      .setIssuedAt(past)
      .setExpirationTime(past + 3600)
      .sign(SECRET);
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer(expired) }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('expired');
  });

  it('401 for a token signed with our key but never issued (no record)', async () => {
    const account = await registerAccount();
    const forged = await new SignJWT({ acc: account.accountId, scope: 'read,write' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('browser-debug-edge')
      .setAudience('browser-debug-api')
      .setSubject('c')
      .setJti('j')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(SECRET);
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer(forged) }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('unknown');
  });

  it('401 for a revoked token: POST /auth/revoke ends it at once', async () => {
    const account = await registerAccount();
    const { token } = await issueToken(account);
    const res = await account.call.fetch('/auth/revoke', { method: 'POST', headers: bearer(token) });
    expect((await json(res)).data).toEqual({ revoked: true });
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/console-logs', { headers: bearer(token) }),
          401,
          'UNAUTHORIZED',
        )
      ).error.details.reason,
    ).toBe('revoked');
  });

  it('403 FORBIDDEN for a valid token without the scope, naming required and granted scopes', async () => {
    const account = await registerAccount();
    const { token: readOnly } = await issueToken(account, { scope: 'read' });
    const body = await expectError(
      await account.call.fetch('/api/v1/sessions/abcdefgh/commands', {
        method: 'POST',
        headers: bearer(readOnly),
        json: { name: 'screenshot' },
      }),
      403,
      'FORBIDDEN',
    );
    expect(body.error.details).toEqual({ required: 'write', granted: ['read'] });
    const { token: writeOnly } = await issueToken(account, { scope: 'write' });
    await expectError(
      await account.call.fetch('/api/v1/console-logs', { headers: bearer(writeOnly) }),
      403,
      'FORBIDDEN',
    );
    await expectError(await account.call.fetch('/api/v1/api-keys', { headers: bearer(readOnly) }), 403, 'FORBIDDEN');
  });

  it('403 FORBIDDEN for another account’s session (X-Session-ID), same answer as for an unknown one', async () => {
    const owner = await registerAccount();
    await owner.call.fetch('/api/v1/health');
    await env.DB.prepare(
      "INSERT INTO sessions (id, connector_id, created_at, last_activity, account_id) VALUES ('owners-session-1', 'c', 0, 0, ?)",
    )
      .bind(owner.accountId)
      .run();
    const other = await registerAccount();
    const key = { 'X-API-Key': other.adminKey };
    const theirs = await expectError(
      await other.call.fetch('/api/v1/console-logs', { headers: { ...key, 'X-Session-ID': 'owners-session-1' } }),
      403,
      'FORBIDDEN',
    );
    const unknown = await expectError(
      await other.call.fetch('/api/v1/console-logs', { headers: { ...key, 'X-Session-ID': 'no-such-session' } }),
      403,
      'FORBIDDEN',
    );
    expect(theirs.error.message.replace('owners-session-1', 'X')).toBe(
      unknown.error.message.replace('no-such-session', 'X'),
    );
    await expectError(
      await other.call.fetch('/api/v1/console-logs', { headers: { ...key, 'X-Session-ID': 'bad id' } }),
      400,
      'INVALID_PARAMETER',
    );
  });
});
