import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { generateClientKeys, TokenSource } from '../../../src/shared/remote';
import type { DevServer } from './wranglerDev';

/**
 * An enterprise account whose rate limit never gets in the way: a thousand tunnel connections
 * would otherwise meet the free tier's 100 per minute, as they should.
 */
export async function unlimitedAccount(dev: DevServer, edgeDir = process.cwd()): Promise<{ apiKey: string; token: () => Promise<string> }> {
  const res = await fetch(`${dev.url}/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `load-${Date.now()}@example.com`, password: 'a long enough password', name: 'Load' }) });
  const body = (await res.json()) as { data: { apiKey: { key: string }; account: { id: string } } };
  const sql = `UPDATE accounts SET tier = 'enterprise', rate_limit = 100000000 WHERE id = '${body.data.account.id}'`;
  const wrangler = join(edgeDir, 'node_modules/wrangler/bin/wrangler.js');
  const update = spawnSync(process.execPath, [wrangler, 'd1', 'execute', 'DB', '--local', '--persist-to', dev.state, '--command', sql], { cwd: edgeDir, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' }, encoding: 'utf8' });
  if (update.status !== 0) throw new Error(update.stderr);
  const source = new TokenSource(dev.url, await generateClientKeys(`load-${Date.now()}`), body.data.apiKey.key);
  return { apiKey: body.data.apiKey.key, token: () => source.get() };
}
