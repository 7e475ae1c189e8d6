import type { Env } from '../base/env';
import { nowSeconds } from '../base/crypto';

/** A client's enrolled public key and account: tokens are minted only for the holder of that key. */
export async function enrolledKey(
  env: Env,
  clientId: string,
): Promise<{ publicKey: string; accountId: string } | undefined> {
  const row = await env.DB.prepare('SELECT public_key, account_id FROM clients WHERE client_id = ?')
    .bind(clientId)
    .first<{ public_key: string; account_id: string }>();
  return row ? { publicKey: row.public_key, accountId: row.account_id } : undefined;
}

export async function enrolClient(env: Env, clientId: string, accountId: string, publicKey: string): Promise<void> {
  await env.DB.prepare(
    'INSERT OR IGNORE INTO clients (client_id, account_id, public_key, created_at) VALUES (?, ?, ?, ?)',
  )
    .bind(clientId, accountId, publicKey, nowSeconds())
    .run();
}
