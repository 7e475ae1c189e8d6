import { hmacSha256Hex, nowSeconds } from '../base/crypto';
import type { Env } from '../base/env';
import type { WebhookMessage } from '../base/webhookMessage';

/** Attempts before a delivery is given up (the queue's max_retries matches). */
export const MAX_ATTEMPTS = 6;
const TIMEOUT_MS = 10_000;

/** 10 s, 40 s, 160 s, ... capped at an hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 10 * 4 ** (attempt - 1));
}

export const SIGNATURE_HEADER = 'X-BrowserDebug-Signature';

async function logDelivery(
  env: Env,
  message: WebhookMessage,
  attempts: number,
  status: string,
  responseStatus: number | null,
  error: string | null,
): Promise<void> {
  const now = nowSeconds();
  await env.DB.prepare(
    `INSERT INTO webhook_deliveries (id, webhook_id, event, attempts, status, response_status, error, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
     ON CONFLICT (id) DO UPDATE SET attempts = ?4, status = ?5, response_status = ?6, error = ?7, updated_at = ?8`,
  )
    .bind(message.deliveryId, message.webhookId, message.event, attempts, status, responseStatus, error, now)
    .run();
}

async function post(
  url: string,
  secret: string,
  message: WebhookMessage,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  const body = JSON.stringify({
    id: message.deliveryId,
    event: message.event,
    sessionId: message.sessionId,
    occurredAt: message.occurredAt,
    capture: message.capture,
  });
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'browser-debug-edge-webhooks',
        'X-BrowserDebug-Event': message.event,
        'X-BrowserDebug-Delivery': message.deliveryId,
        [SIGNATURE_HEADER]: `sha256=${await hmacSha256Hex(secret, body)}`,
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { ok: response.ok, status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** One queued delivery: sent signed, acked on 2xx, retried with backoff otherwise, logged either way. */
export async function deliver(env: Env, message: Message<WebhookMessage>): Promise<void> {
  const hook = await env.DB.prepare('SELECT url, secret, active FROM webhooks WHERE id = ?')
    .bind(message.body.webhookId)
    .first<{ url: string; secret: string; active: number }>();
  if (!hook || !hook.active) {
    message.ack();
    return;
  }
  const outcome = await post(hook.url, hook.secret, message.body);
  const attempts = message.attempts;
  if (outcome.ok) {
    message.ack();
    await logDelivery(env, message.body, attempts, 'delivered', outcome.status, null);
  } else if (attempts >= MAX_ATTEMPTS) {
    message.ack();
    await logDelivery(env, message.body, attempts, 'failed', outcome.status, outcome.error);
  } else {
    message.retry({ delaySeconds: backoffSeconds(attempts) });
    await logDelivery(env, message.body, attempts, 'retrying', outcome.status, outcome.error);
  }
}

export async function deliverBatch(env: Env, batch: MessageBatch<WebhookMessage>): Promise<void> {
  for (const message of batch.messages) await deliver(env, message);
}
