/** Kinds of event a webhook can subscribe to. */
export const WEBHOOK_EVENTS = ['console.error', 'network.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** One delivery on the queue: what to send where. The body is signed when sent. */
export interface WebhookMessage {
  deliveryId: string;
  webhookId: string;
  event: WebhookEvent;
  sessionId: string;
  occurredAt: string;
  capture: Record<string, unknown>;
}
