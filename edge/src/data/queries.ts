import type { Env } from '../base/env';
import { fromRow, type Capture, type CaptureFamily } from './captureRow';
import { scopeCondition, type SessionScope } from './sessions';

/** One filter on `captures`: an SQL condition and its binds. */
export interface Filter {
  sql: string;
  binds: unknown[];
}

export interface QueryResult {
  entries: ReturnType<typeof fromRow>[];
  /** Entries of these kinds in scope. */
  total: number;
  /** Entries that matched the filters. */
  matched: number;
}

/**
 * The newest `limit` matching entries, answered oldest first like the connector, with the counts
 * its answers carry. Two statements in one batch so both see the same data.
 */
export async function queryCaptures(
  env: Env,
  scope: SessionScope,
  family: CaptureFamily,
  filters: Filter[],
  limit: number,
): Promise<QueryResult> {
  const where = scopeCondition(scope);
  const base = [where.sql, 'family = ?'];
  const baseBinds = [...where.binds, family];
  const filterSql = filters.map((filter) => filter.sql);
  const filterBinds = filters.flatMap((filter) => filter.binds);
  const matchSql = [...base, ...filterSql].join(' AND ');
  const matchExpr = filterSql.length ? filterSql.join(' AND ') : '1';
  const [rows, counts] = await env.DB.batch([
    env.DB.prepare(
      `SELECT session_id, seq, data FROM captures WHERE ${matchSql} ORDER BY timestamp DESC, seq DESC LIMIT ?`,
    ).bind(...baseBinds, ...filterBinds, limit),
    env.DB.prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN ${matchExpr} THEN 1 ELSE 0 END), 0) AS matched FROM captures WHERE ${base.join(' AND ')}`,
    ).bind(...filterBinds, ...baseBinds),
  ]);
  const entries = (rows!.results as { session_id: string; seq: number; data: string }[]).map(fromRow).reverse();
  const count = (counts!.results[0] ?? { total: 0, matched: 0 }) as { total: number; matched: number };
  return { entries, total: count.total, matched: count.matched };
}

/** Captures of one session after a seq, for SSE resume and tunnel replay. */
export async function capturesAfter(
  env: Env,
  sessionId: string,
  afterSeq: number,
  limit: number,
): Promise<ReturnType<typeof fromRow>[]> {
  const { results } = await env.DB.prepare(
    'SELECT session_id, seq, data FROM captures WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  )
    .bind(sessionId, afterSeq, limit)
    .all<{ session_id: string; seq: number; data: string }>();
  return results.map(fromRow);
}

export type { Capture };
