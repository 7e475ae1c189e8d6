import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { generateClientKeys, TokenSource } from '../../../src/shared/remote';
import { registerAccount, type DevServer } from './wranglerDev';

/**
 * An enterprise account whose rate limit never gets in the way: a thousand tunnel connections
 * would otherwise meet the free tier's 100 per minute, as they should.
 */
export async function unlimitedAccount(
  dev: DevServer,
  edgeDir = process.cwd(),
): Promise<{ apiKey: string; token: () => Promise<string> }> {
  const { accountId, apiKey } = await registerAccount(dev.url, 'Load');
  const sql = `UPDATE accounts SET tier = 'enterprise', rate_limit = 100000000 WHERE id = '${accountId}'`;
  const wrangler = join(edgeDir, 'node_modules/wrangler/bin/wrangler.js');
  const update = spawnSync(
    process.execPath,
    [wrangler, 'd1', 'execute', 'DB', '--local', '--persist-to', dev.state, '--command', sql],
    { cwd: edgeDir, env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' }, encoding: 'utf8' },
  );
  if (update.status !== 0) throw new Error(update.stderr);
  const source = new TokenSource(dev.url, await generateClientKeys(`load-${Date.now()}`), apiKey);
  return { apiKey, token: () => source.get() };
}
