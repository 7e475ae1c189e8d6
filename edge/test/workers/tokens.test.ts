import { env } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { assertion, bearer, clientKeys, expectError, issueToken, registerAccount } from './helpers';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('POST /auth/token', () => {
  it('issues a JWT and stores its record per the spec table: hash, connector, issued/expires, scope read,write, not revoked', async () => {
    const account = await registerAccount();
    const { token, keys, body } = await issueToken(account);
    expect(body.data).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 3600,
      scope: 'read,write',
      clientId: keys.clientId,
    });
    expect(token.split('.')).toHaveLength(3);
    const row = await env.DB.prepare('SELECT * FROM auth_tokens WHERE connector_id = ?')
      .bind(keys.clientId)
      .first<any>();
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(row.expires_at - row.issued_at).toBe(3600);
    expect(row).toMatchObject({ scope: 'read,write', revoked: 0, account_id: account.accountId });
    const { results } = await env.DB.prepare('SELECT token_hash FROM auth_tokens').all<{ token_hash: string }>();
    expect(results.some((r) => r.token_hash === token)).toBe(false);
    expect((await account.call.fetch('/api/v1/console-logs', { headers: bearer(token) })).status).toBe(200);
  });

  it('issues later tokens for an enrolled client from the signed assertion alone', async () => {
    const account = await registerAccount();
    const { keys } = await issueToken(account);
    const res = await account.call.fetch('/auth/token', {
      method: 'POST',
      json: { clientId: keys.clientId, publicKey: keys.publicKey, assertion: await assertion(keys) },
    });
    expect(res.status).toBe(200);
  });

  it('will not enrol an unknown client without an API key of the account', async () => {
    const account = await registerAccount();
    const keys = await clientKeys();
    const body = await expectError(
      await account.call.fetch('/auth/token', {
        method: 'POST',
        json: { clientId: keys.clientId, publicKey: keys.publicKey, assertion: await assertion(keys) },
      }),
      401,
      'UNAUTHORIZED',
    );
    expect(body.error.details.reason).toBe('not_enrolled');
  });

  it('cannot mint a token for someone else’s client: their public key without their private key fails', async () => {
    const victim = await registerAccount();
    const { keys } = await issueToken(victim);
    const attacker = await clientKeys(keys.clientId);
    const forged = await assertion(attacker);
    const res = await victim.call.fetch('/auth/token', {
      method: 'POST',
      json: { clientId: keys.clientId, publicKey: keys.publicKey, assertion: forged },
    });
    expect((await expectError(res, 401, 'UNAUTHORIZED')).error.details.reason).toBe('bad_assertion');
  });

  it('cannot take over an enrolled clientId with another key pair, even with an API key', async () => {
    const victim = await registerAccount();
    const { keys } = await issueToken(victim);
    const attacker = await registerAccount();
    const own = await clientKeys(keys.clientId);
    const res = await attacker.call.fetch('/auth/token', {
      method: 'POST',
      headers: { 'X-API-Key': attacker.adminKey },
      json: { clientId: keys.clientId, publicKey: own.publicKey, assertion: await assertion(own) },
    });
    expect((await expectError(res, 401, 'UNAUTHORIZED')).error.details.reason).toBe('key_mismatch');
  });

  it('refuses a replayed, mis-addressed or long-lived assertion', async () => {
    const account = await registerAccount();
    const { keys } = await issueToken(account);
    const send = async (signed: string) =>
      account.call.fetch('/auth/token', {
        method: 'POST',
        json: { clientId: keys.clientId, publicKey: keys.publicKey, assertion: signed },
      });
    const once = await assertion(keys);
    expect((await send(once)).status).toBe(200);
    expect((await expectError(await send(once), 401, 'UNAUTHORIZED')).error.details.reason).toBe('replayed_assertion');
    await expectError(
      await send(await assertion(keys, { aud: 'https://elsewhere.test/auth/token' })),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await send(await assertion(keys, { iss: 'someone-else' })), 401, 'UNAUTHORIZED');
    await expectError(await send(await assertion(keys, { expSeconds: 3600 })), 401, 'UNAUTHORIZED');
  });

  it('validates the body: clientId shape, publicKey, assertion, scope (tokens carry read and/or write only)', async () => {
    const account = await registerAccount();
    const keys = await clientKeys();
    const post = (body: unknown) =>
      account.call.fetch('/auth/token', { method: 'POST', headers: { 'X-API-Key': account.adminKey }, json: body });
    expect(
      (await expectError(await post({ publicKey: keys.publicKey, assertion: 'x'.repeat(30) }), 400, 'BAD_REQUEST'))
        .error.details.parameter,
    ).toBe('clientId');
    expect(
      (
        await expectError(
          await post({ clientId: 'bad id!', publicKey: keys.publicKey, assertion: await assertion(keys) }),
          400,
          'INVALID_PARAMETER',
        )
      ).error.details.parameter,
    ).toBe('clientId');
    expect(
      (
        await expectError(
          await post({ clientId: keys.clientId, publicKey: 'A'.repeat(60), assertion: await assertion(keys) }),
          400,
          'INVALID_PARAMETER',
        )
      ).error.details.parameter,
    ).toBe('publicKey');
    expect(
      (
        await expectError(
          await post({ clientId: keys.clientId, publicKey: keys.publicKey, assertion: 'not-a-jwt-at-all-really' }),
          400,
          'INVALID_PARAMETER',
        )
      ).error.details.parameter,
    ).toBe('assertion');
    expect(
      (
        await expectError(
          await post({
            clientId: keys.clientId,
            publicKey: keys.publicKey,
            assertion: await assertion(keys),
            scope: 'admin',
          }),
          400,
          'INVALID_PARAMETER',
        )
      ).error.details.parameter,
    ).toBe('scope');
  });

  it('accepts Ed25519 keys (EdDSA) as well as P-256', async () => {
    const account = await registerAccount();
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const spki = new Uint8Array((await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer);
    const publicKey = btoa(String.fromCharCode(...spki));
    const clientId = `ed-${crypto.randomUUID()}`;
    const now = Math.floor(Date.now() / 1000);
    const signed = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience('https://edge.test/auth/token')
      .setJti('1')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(pair.privateKey);
    const res = await account.call.fetch('/auth/token', {
      method: 'POST',
      headers: { 'X-API-Key': account.adminKey },
      json: { clientId, publicKey, assertion: signed },
    });
    expect(res.status).toBe(200);
  });
});
