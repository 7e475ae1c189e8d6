import type { Env } from '../base/env';
import { unauthorized } from '../../../src/shared/errors';
import { limitFor } from '../limits/tiers';
import { nowSeconds, randomId, randomToken, sha256Hex } from '../base/crypto';
import type { Principal } from '../base/principal';
import { parseScope } from '../base/scopes';

/** Keys look like `bdk_<43 random chars>`; the first 12 characters are kept to recognise a key in lists. */
const KEY_PREFIX = 'bdk_';

export interface ApiKeyInfo {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  createdAt: string;
  lastUsedAt: string | null;
  revoked: boolean;
}

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  created_at: number;
  last_used_at: number | null;
  revoked: number;
}

const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

function info(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    revoked: row.revoked === 1,
  };
}

/** The only moment the key itself exists outside the caller: it is returned once and stored as a hash. */
export async function createApiKey(
  env: Env,
  accountId: string,
  name: string,
  scope: string,
): Promise<ApiKeyInfo & { key: string }> {
  const key = KEY_PREFIX + randomToken(32);
  const row: KeyRow = {
    id: randomId('key'),
    name,
    prefix: key.slice(0, 12),
    scope,
    created_at: nowSeconds(),
    last_used_at: null,
    revoked: 0,
  };
  await env.DB.prepare(
    'INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scope, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(row.id, accountId, row.name, row.prefix, await sha256Hex(key), row.scope, row.created_at)
    .run();
  return { ...info(row), key };
}

export async function listApiKeys(env: Env, accountId: string): Promise<ApiKeyInfo[]> {
  const { results } = await env.DB.prepare(
    'SELECT id, name, prefix, scope, created_at, last_used_at, revoked FROM api_keys WHERE account_id = ? ORDER BY created_at, rowid',
  )
    .bind(accountId)
    .all<KeyRow>();
  return results.map(info);
}

/** Answers false when the key does not exist or belongs to another account (the caller cannot tell which). */
export async function revokeApiKey(env: Env, accountId: string, id: string): Promise<boolean> {
  const result = await env.DB.prepare('UPDATE api_keys SET revoked = 1 WHERE id = ? AND account_id = ?')
    .bind(id, accountId)
    .run();
  return result.meta.changes > 0;
}

export async function verifyApiKey(env: Env, key: string): Promise<Principal> {
  const row = await env.DB.prepare(
    `SELECT k.id, k.account_id, k.scope, k.revoked, k.last_used_at, a.tier, a.rate_limit
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?`,
  )
    .bind(await sha256Hex(key))
    .first<{
      id: string;
      account_id: string;
      scope: string;
      revoked: number;
      last_used_at: number | null;
      tier: string;
      rate_limit: number | null;
    }>();
  if (!row) throw unauthorized('The API key is not valid.', { reason: 'unknown_key' });
  if (row.revoked) throw unauthorized('The API key has been revoked.', { reason: 'revoked' });
  if (row.last_used_at === null || nowSeconds() - row.last_used_at > 60) {
    await env.DB.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').bind(nowSeconds(), row.id).run();
  }
  return {
    kind: 'apiKey',
    accountId: row.account_id,
    callerId: `key:${row.id}`,
    scopes: parseScope(row.scope),
    rateLimit: limitFor(row.tier, row.rate_limit),
  };
}
