import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';

describe('daily maintenance (cron)', () => {
  it('deletes captures past retention and spent assertions, keeps recent ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    const old = now - 8 * 86_400;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO captures (session_id, seq, account_id, kind, family, timestamp, data, received_at) VALUES ('maint-session', 1, 'a', 'console-log', 'console', 0, '{}', ?)",
      ).bind(old),
      env.DB.prepare(
        "INSERT INTO captures (session_id, seq, account_id, kind, family, timestamp, data, received_at) VALUES ('maint-session', 2, 'a', 'console-log', 'console', 0, '{}', ?)",
      ).bind(now),
      env.DB.prepare("INSERT INTO used_assertions (jti, expires_at) VALUES ('maint-old', ?), ('maint-new', ?)").bind(
        now - 10,
        now + 300,
      ),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const { results } = await env.DB.prepare("SELECT seq FROM captures WHERE session_id = 'maint-session'").all();
    expect(results).toEqual([{ seq: 2 }]);
    const jtis = await env.DB.prepare("SELECT jti FROM used_assertions WHERE jti LIKE 'maint-%'").all();
    expect(jtis.results).toEqual([{ jti: 'maint-new' }]);
  });
});
