import type { Env } from '../base/env';
import { scopeCondition, type SessionScope } from './sessions';

interface KindRow {
  kind: string;
  n: number;
  oldest: number | null;
  newest: number | null;
}

/** What /stats and /metrics report: sessions, captures by kind, errors, and today's usage. */
export async function accountStats(env: Env, scope: SessionScope) {
  const where = scopeCondition(scope);
  const sessionWhere = scope.sessionId
    ? { sql: 'id = ?', binds: [scope.sessionId] }
    : { sql: 'account_id = ?', binds: [scope.accountId] };
  const today = new Date().toISOString().slice(0, 10);
  const [sessions, kinds, problems, usage] = await env.DB.batch([
    env.DB.prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(connector_online), 0) AS online FROM sessions WHERE ${sessionWhere.sql}`,
    ).bind(...sessionWhere.binds),
    env.DB.prepare(
      `SELECT kind, COUNT(*) AS n, MIN(timestamp) AS oldest, MAX(timestamp) AS newest FROM captures WHERE ${where.sql} GROUP BY kind`,
    ).bind(...where.binds),
    env.DB.prepare(
      `SELECT COALESCE(SUM(CASE WHEN level_rank = 3 THEN 1 ELSE 0 END), 0) AS consoleErrors, COALESCE(SUM(failed), 0) AS failedRequests FROM captures WHERE ${where.sql}`,
    ).bind(...where.binds),
    env.DB.prepare(
      'SELECT COALESCE(SUM(requests), 0) AS requests, COALESCE(SUM(data_transferred), 0) AS dataTransferred, COALESCE(SUM(errors), 0) AS errors FROM daily_usage WHERE account_id = ? AND date = ?',
    ).bind(scope.accountId, today),
  ]);
  const kindRows = kinds!.results as KindRow[];
  const byKind = Object.fromEntries(kindRows.map((row) => [row.kind, row.n]));
  const times = kindRows.flatMap((row) => [row.oldest, row.newest]).filter((t): t is number => t !== null);
  const count = (result: D1Result | undefined) => (result?.results[0] ?? {}) as Record<string, number>;
  return {
    sessionId: scope.sessionId ?? null,
    sessions: { total: count(sessions).total ?? 0, online: count(sessions).online ?? 0 },
    captures: { total: kindRows.reduce((sum, row) => sum + row.n, 0), byKind },
    consoleErrors: count(problems).consoleErrors ?? 0,
    failedRequests: count(problems).failedRequests ?? 0,
    oldestCapture: times.length ? new Date(Math.min(...times)).toISOString() : null,
    newestCapture: times.length ? new Date(Math.max(...times)).toISOString() : null,
    usageToday: { date: today, ...count(usage) },
  };
}
