import type { Principal } from '../base/principal';
import { nowSeconds } from '../base/crypto';
import type { Env } from '../base/env';

const today = () => new Date().toISOString().slice(0, 10);

export interface UsageDelta {
  requests?: number;
  bytes?: number;
  errors?: number;
  /** Percentage points of the day a connector was online. */
  uptime?: number;
}

/** One upsert per event into the spec's daily usage table, keyed by caller and UTC date. */
export async function addUsage(env: Env, callerId: string, accountId: string, delta: UsageDelta): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO daily_usage (connector_id, date, requests, data_transferred, errors, uptime_percentage, account_id)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
     ON CONFLICT (connector_id, date) DO UPDATE SET
       requests = requests + ?3, data_transferred = data_transferred + ?4, errors = errors + ?5,
       uptime_percentage = MIN(100, uptime_percentage + ?6)`,
  )
    .bind(callerId, today(), delta.requests ?? 0, delta.bytes ?? 0, delta.errors ?? 0, delta.uptime ?? 0, accountId)
    .run();
}

export interface ErrorContext {
  path?: string;
  requestId?: string;
  principal?: Principal;
  sessionId?: string;
  level?: 'error' | 'warn';
  [key: string]: unknown;
}

/** The spec's error log: what failed, where, for whom. Never throws, so logging cannot fail a request. */
export async function recordError(env: Env, error: unknown, context: ErrorContext): Promise<void> {
  const { principal, sessionId, level = 'error', ...rest } = context;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const detail = {
    ...rest,
    stack: error instanceof Error ? error.stack?.split('\n').slice(0, 5).join('\n') : undefined,
  };
  try {
    await env.DB.prepare(
      'INSERT INTO error_log (timestamp, level, message, context, connector_id, session_id) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(
        nowSeconds(),
        level,
        message.slice(0, 2000),
        JSON.stringify(detail).slice(0, 8000),
        principal?.callerId ?? null,
        sessionId ?? null,
      )
      .run();
  } catch {
    // The log is best effort: D1 itself may be what failed.
  }
}
