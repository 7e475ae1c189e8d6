import type { Env } from '../base/env';
import { ApiError, unauthorized } from '../../../src/shared/errors';
import { limitFor } from '../limits/tiers';
import { nowSeconds, randomId } from '../base/crypto';
import { hashPassword, verifyPassword } from './passwords';
import type { Principal } from '../base/principal';

export interface Account {
  id: string;
  email: string;
  name: string;
  tier: string;
  createdAt: string;
}

export async function createAccount(
  env: Env,
  input: { email: string; password: string; name: string },
): Promise<Account> {
  const email = input.email.trim().toLowerCase();
  const existing = await env.DB.prepare('SELECT id FROM accounts WHERE email = ?').bind(email).first();
  if (existing) throw new ApiError('CONFLICT', 'An account with this email already exists.', { parameter: 'email' });
  const password = await hashPassword(input.password);
  const account = { id: randomId('acct'), email, name: input.name.trim(), tier: 'free', createdAt: nowSeconds() };
  await env.DB.prepare(
    'INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, tier, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      account.id,
      email,
      account.name,
      password.hash,
      password.salt,
      password.iterations,
      account.tier,
      account.createdAt,
    )
    .run();
  return { ...account, createdAt: new Date(account.createdAt * 1000).toISOString() };
}

/**
 * Email and password (HTTP Basic) are accepted only to manage API keys, so an owner who lost every
 * key can make a new one. The same message for an unknown email and a wrong password.
 */
export async function verifyAccountPassword(env: Env, email: string, password: string): Promise<Principal> {
  const row = await env.DB.prepare(
    'SELECT id, password_hash, password_salt, password_iterations, tier, rate_limit FROM accounts WHERE email = ?',
  )
    .bind(email.trim().toLowerCase())
    .first<{
      id: string;
      password_hash: string;
      password_salt: string;
      password_iterations: number;
      tier: string;
      rate_limit: number | null;
    }>();
  const ok =
    row &&
    (await verifyPassword(password, {
      hash: row.password_hash,
      salt: row.password_salt,
      iterations: row.password_iterations,
    }));
  if (!row || !ok) throw unauthorized('Email or password is wrong.', { reason: 'bad_password' });
  return {
    kind: 'password',
    accountId: row.id,
    callerId: `account:${row.id}`,
    scopes: ['read', 'write', 'admin'],
    rateLimit: limitFor(row.tier, row.rate_limit),
  };
}
