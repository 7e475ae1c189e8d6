import { randomId } from '../base/crypto';
import type { Env } from '../base/env';
import type { StoredCapture } from '../tunnel/types';
import type { WebhookEvent, WebhookMessage } from '../base/webhookMessage';

/** Which webhook event a capture raises, if any. */
export function eventOf(capture: StoredCapture): WebhookEvent | undefined {
  if (capture.type === 'console-error' || (capture.type === 'console-log' && capture.level === 'error'))
    return 'console.error';
  if (capture.type === 'network-request') {
    const status = typeof capture.status === 'number' ? capture.status : 0;
    if (status >= 400 || status === 0 || typeof capture.error === 'string') return 'network.failed';
  }
  return undefined;
}

interface Hook {
  id: string;
  events: string[];
}

const CACHE_MS = 30_000;
/** One burst of errors cannot flood a receiver: at most this many deliveries per webhook per batch. */
const MAX_PER_HOOK_PER_BATCH = 20;

/** Finds the account's webhooks (cached briefly per tunnel) and queues a delivery per matching capture. */
export class WebhookDispatcher {
  private hooks: Hook[] = [];
  private loadedAt = 0;

  constructor(private readonly env: Env) {}

  private async load(accountId: string): Promise<Hook[]> {
    if (Date.now() - this.loadedAt < CACHE_MS) return this.hooks;
    const { results } = await this.env.DB.prepare('SELECT id, events FROM webhooks WHERE account_id = ? AND active = 1')
      .bind(accountId)
      .all<{ id: string; events: string }>();
    this.hooks = results.map((row) => ({ id: row.id, events: row.events.split(',') }));
    this.loadedAt = Date.now();
    return this.hooks;
  }

  async dispatch(accountId: string, sessionId: string, captures: StoredCapture[]): Promise<number> {
    const raised = captures.map((capture) => ({ capture, event: eventOf(capture) })).filter((item) => item.event);
    if (!raised.length) return 0;
    const messages: { body: WebhookMessage }[] = [];
    for (const hook of await this.load(accountId)) {
      const matching = raised.filter((item) => hook.events.includes(item.event!)).slice(0, MAX_PER_HOOK_PER_BATCH);
      for (const { capture, event } of matching) {
        messages.push({
          body: {
            deliveryId: randomId('dlv'),
            webhookId: hook.id,
            event: event!,
            sessionId,
            occurredAt: new Date(capture.timestamp).toISOString(),
            capture,
          },
        });
      }
    }
    for (let i = 0; i < messages.length; i += 100) await this.env.WEBHOOKS.sendBatch(messages.slice(i, i + 100));
    return messages.length;
  }
}
