import type { Env } from '../base/env';
import { fromRow } from '../data/captureRow';
import { parseSinceValue } from '../../../src/shared/queryParams';
import { scopeCondition, type SessionScope } from '../data/sessions';

export const EXPORT_KINDS = { all: null, console: 'console', network: 'network' } as const;
export type ExportKind = keyof typeof EXPORT_KINDS;

export interface ExportQuery {
  kind: ExportKind;
  since?: string;
  limit: number;
}

/** The oldest `limit` captures of the scope in order, plus whether more exist. */
export async function exportRows(env: Env, scope: SessionScope, query: ExportQuery) {
  const where = scopeCondition(scope);
  const conditions = [where.sql];
  const binds = [...where.binds];
  const family = EXPORT_KINDS[query.kind];
  if (family) {
    conditions.push('family = ?');
    binds.push(family);
  }
  if (query.since) {
    conditions.push('timestamp >= ?');
    binds.push(parseSinceValue(query.since));
  }
  const { results } = await env.DB.prepare(
    `SELECT session_id, seq, data FROM captures WHERE ${conditions.join(' AND ')} ORDER BY timestamp, session_id, seq LIMIT ?`,
  )
    .bind(...binds, query.limit + 1)
    .all<{ session_id: string; seq: number; data: string }>();
  return { entries: results.slice(0, query.limit).map(fromRow), truncated: results.length > query.limit };
}

export const CSV_COLUMNS = [
  'sessionId',
  'seq',
  'type',
  'time',
  'level',
  'message',
  'source',
  'method',
  'url',
  'status',
  'duration',
  'error',
] as const;

export function csvValues(entry: Record<string, unknown>): unknown[] {
  const time = typeof entry.timestamp === 'number' ? new Date(entry.timestamp).toISOString() : '';
  const level = entry.type === 'console-error' ? 'error' : entry.level;
  return [
    entry.sessionId,
    entry.seq,
    entry.type,
    time,
    level,
    entry.message,
    entry.source,
    entry.method,
    entry.url,
    entry.status,
    entry.duration,
    entry.error,
  ];
}
