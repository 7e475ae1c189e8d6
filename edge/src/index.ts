import { createApp } from './app';
import type { Env } from './base/env';
import { runMaintenance } from './maintenance';
import { deliverBatch } from './webhooks/deliver';
import type { WebhookMessage } from './base/webhookMessage';

export { RateLimiter } from './limits/rateLimiter';
export { SessionTunnel } from './tunnel/sessionTunnel';

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: (batch, env) => deliverBatch(env, batch),
  scheduled: (_controller, env, ctx) => ctx.waitUntil(runMaintenance(env)),
} satisfies ExportedHandler<Env, WebhookMessage>;
