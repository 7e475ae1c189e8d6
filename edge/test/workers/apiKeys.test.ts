import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { expectError, json, registerAccount } from './helpers';

describe('API keys: POST/GET /api/v1/api-keys, DELETE /api/v1/api-keys/{id}', () => {
  it('creates a key shown once, stores only its hash, and lists keys without the secret', async () => {
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    const res = await account.call.fetch('/api/v1/api-keys', {
      method: 'POST',
      headers: admin,
      json: { name: 'ci', scope: 'read' },
    });
    expect(res.status).toBe(201);
    const created = (await json(res)).data;
    expect(created).toMatchObject({ name: 'ci', scope: 'read', revoked: false, prefix: created.key.slice(0, 12) });
    const row = await env.DB.prepare('SELECT key_hash FROM api_keys WHERE id = ?')
      .bind(created.id)
      .first<{ key_hash: string }>();
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.key_hash).not.toContain(created.key);
    const list = await json(await account.call.fetch('/api/v1/api-keys', { headers: admin }));
    expect(list.data.count).toBe(2);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list.data.keys.map((k: { name: string }) => k.name)).toEqual(['default', 'ci']);
    expect((await account.call.fetch('/api/v1/console-logs', { headers: { 'X-API-Key': created.key } })).status).toBe(
      200,
    );
  });

  it('revokes a key: it gets 401 afterwards and shows as revoked', async () => {
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    const created = (
      await json(await account.call.fetch('/api/api-keys', { method: 'POST', headers: admin, json: { name: 'temp' } }))
    ).data;
    expect(created.scope).toBe('read,write');
    const res = await account.call.fetch(`/api/v1/api-keys/${created.id}`, { method: 'DELETE', headers: admin });
    expect((await json(res)).data).toEqual({ id: created.id, revoked: true });
    const body = await expectError(
      await account.call.fetch('/api/v1/console-logs', { headers: { 'X-API-Key': created.key } }),
      401,
      'UNAUTHORIZED',
    );
    expect(body.error.details.reason).toBe('revoked');
    const list = await json(await account.call.fetch('/api/v1/api-keys', { headers: admin }));
    expect(list.data.keys.find((k: { id: string }) => k.id === created.id).revoked).toBe(true);
  });

  it('needs the admin scope; another account’s key id is 404', async () => {
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    const reader = (
      await json(
        await account.call.fetch('/api/v1/api-keys', {
          method: 'POST',
          headers: admin,
          json: { name: 'r', scope: 'read,write' },
        }),
      )
    ).data.key;
    await expectError(
      await account.call.fetch('/api/v1/api-keys', { headers: { 'X-API-Key': reader } }),
      403,
      'FORBIDDEN',
    );
    await expectError(
      await account.call.fetch('/api/v1/api-keys', {
        method: 'POST',
        headers: { 'X-API-Key': reader },
        json: { name: 'x' },
      }),
      403,
      'FORBIDDEN',
    );
    const other = await registerAccount();
    const theirs = (
      await json(await other.call.fetch('/api/v1/api-keys', { headers: { 'X-API-Key': other.adminKey } }))
    ).data.keys[0].id;
    await expectError(
      await account.call.fetch(`/api/v1/api-keys/${theirs}`, { method: 'DELETE', headers: admin }),
      404,
      'NOT_FOUND',
    );
    expect((await other.call.fetch('/api/v1/api-keys', { headers: { 'X-API-Key': other.adminKey } })).status).toBe(200);
  });

  it('rejects unknown scopes and a missing name', async () => {
    const account = await registerAccount();
    const admin = { 'X-API-Key': account.adminKey };
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/api-keys', {
            method: 'POST',
            headers: admin,
            json: { name: 'x', scope: 'read,root' },
          }),
          400,
          'INVALID_PARAMETER',
        )
      ).error.details.parameter,
    ).toBe('scope');
    expect(
      (
        await expectError(
          await account.call.fetch('/api/v1/api-keys', { method: 'POST', headers: admin, json: {} }),
          400,
          'BAD_REQUEST',
        )
      ).error.details.parameter,
    ).toBe('name');
  });

  it('lets the owner recover with email and password (HTTP Basic), for key creation only', async () => {
    const account = await registerAccount();
    const basic = { Authorization: `Basic ${btoa(`${account.email}:${account.password}`)}` };
    const res = await account.call.fetch('/api/v1/api-keys', {
      method: 'POST',
      headers: basic,
      json: { name: 'recovered', scope: 'read,write,admin' },
    });
    expect(res.status).toBe(201);
    await expectError(
      await account.call.fetch('/api/v1/api-keys', {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`${account.email}:wrong password!`)}` },
        json: { name: 'x' },
      }),
      401,
      'UNAUTHORIZED',
    );
    await expectError(await account.call.fetch('/api/v1/console-logs', { headers: basic }), 401, 'UNAUTHORIZED');
  });
});
