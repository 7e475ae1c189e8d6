import { nowSeconds } from './base/crypto';
import { settingsOf, type Env } from './base/env';

const LOG_DAYS = 30;

/** Daily clean-up (cron): captures past retention, spent assertions, old tokens and logs. */
export async function runMaintenance(env: Env): Promise<void> {
  const now = nowSeconds();
  const captureCutoff = now - settingsOf(env).retentionDays * 86_400;
  const logCutoff = now - LOG_DAYS * 86_400;
  await env.DB.batch([
    env.DB.prepare('DELETE FROM captures WHERE received_at < ?').bind(captureCutoff),
    env.DB.prepare('DELETE FROM used_assertions WHERE expires_at < ?').bind(now),
    env.DB.prepare('DELETE FROM auth_tokens WHERE expires_at < ?').bind(logCutoff),
    env.DB.prepare('DELETE FROM error_log WHERE timestamp < ?').bind(logCutoff),
    env.DB.prepare('DELETE FROM webhook_deliveries WHERE updated_at < ?').bind(logCutoff),
  ]);
}
