import type { Principal } from '../base/principal';
import { nowSeconds } from '../base/crypto';
import type { Env } from '../base/env';
import { ApiError, invalidParameter } from '../../../src/shared/errors';
import { EDGE_SESSION_ID } from '../../../src/shared/remote/edgeRules';

/** Session ids are chosen by the connector: URL-safe, 8 to 128 characters (a UUID fits); one rule for both. */
export function checkSessionId(id: string, parameter = 'session_id'): string {
  if (!EDGE_SESSION_ID.test(id))
    throw invalidParameter(
      parameter,
      id,
      ['8 to 128 characters of A-Z a-z 0-9 _ -'],
      'expected 8 to 128 characters of A-Z a-z 0-9 _ -',
    );
  return id;
}

/** Which captures a caller may read: every session of its account, or the one `X-Session-ID` names. */
export interface SessionScope {
  accountId: string;
  sessionId?: string;
}

/** The same 403 for another account's session and a session that does not exist, so ids cannot be probed. */
export async function assertOwnSession(env: Env, principal: Principal, sessionId: string): Promise<void> {
  const row = await env.DB.prepare('SELECT account_id FROM sessions WHERE id = ?')
    .bind(sessionId)
    .first<{ account_id: string }>();
  if (!row || row.account_id !== principal.accountId) {
    throw new ApiError('FORBIDDEN', `Session '${sessionId}' is not one of your sessions.`, { sessionId });
  }
}

export async function scopeOf(env: Env, principal: Principal, header: string | undefined): Promise<SessionScope> {
  if (!header) return { accountId: principal.accountId };
  const sessionId = checkSessionId(header.trim(), 'X-Session-ID');
  await assertOwnSession(env, principal, sessionId);
  return { accountId: principal.accountId, sessionId };
}

/** SQL condition and binds restricting `captures` to a scope. */
export function scopeCondition(scope: SessionScope): { sql: string; binds: unknown[] } {
  if (scope.sessionId) return { sql: 'session_id = ?', binds: [scope.sessionId] };
  return { sql: 'account_id = ?', binds: [scope.accountId] };
}

/**
 * The first connector to open a session owns it. Another client of the same account may follow
 * it as a viewer, but only its owner may be its connector end.
 */
export async function claimSession(env: Env, principal: Principal, sessionId: string): Promise<void> {
  const now = nowSeconds();
  await env.DB.prepare(
    'INSERT OR IGNORE INTO sessions (id, connector_id, created_at, last_activity, authenticated, account_id) VALUES (?, ?, ?, ?, 1, ?)',
  )
    .bind(sessionId, principal.callerId, now, now, principal.accountId)
    .run();
  const row = await env.DB.prepare('SELECT connector_id, account_id FROM sessions WHERE id = ?')
    .bind(sessionId)
    .first<{ connector_id: string; account_id: string }>();
  if (!row || row.account_id !== principal.accountId || row.connector_id !== principal.callerId) {
    throw new ApiError('FORBIDDEN', `Session '${sessionId}' belongs to another connector.`, { sessionId });
  }
}

export interface SessionInfo {
  id: string;
  connectorId: string;
  createdAt: string;
  lastActivity: string;
  connectorOnline: boolean;
  capabilities: string[];
  metadata: Record<string, unknown>;
}

interface SessionRow {
  id: string;
  connector_id: string;
  created_at: number;
  last_activity: number;
  connector_online: number;
  capabilities: string | null;
  metadata: string | null;
}

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export async function listSessions(env: Env, accountId: string): Promise<SessionInfo[]> {
  const { results } = await env.DB.prepare(
    'SELECT id, connector_id, created_at, last_activity, connector_online, capabilities, metadata FROM sessions WHERE account_id = ? ORDER BY last_activity DESC LIMIT 1000',
  )
    .bind(accountId)
    .all<SessionRow>();
  return results.map((row) => ({
    id: row.id,
    connectorId: row.connector_id,
    createdAt: new Date(row.created_at * 1000).toISOString(),
    lastActivity: new Date(row.last_activity * 1000).toISOString(),
    connectorOnline: row.connector_online === 1,
    capabilities: parseJson<string[]>(row.capabilities, []),
    metadata: parseJson<Record<string, unknown>>(row.metadata, {}),
  }));
}
