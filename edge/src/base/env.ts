import type { RateLimiterObject, SessionTunnelObject } from './durableObjects';
import type { WebhookMessage } from './webhookMessage';

/** The worker's bindings, as wrangler.toml declares them (plus the JWT_SECRET secret). */
export interface Env {
  DB: D1Database;
  RATE_LIMITER: DurableObjectNamespace<RateLimiterObject>;
  TUNNEL: DurableObjectNamespace<SessionTunnelObject>;
  WEBHOOKS: Queue<WebhookMessage>;
  ENVIRONMENT?: string;
  SERVICE_NAME?: string;
  TOKEN_TTL_SECONDS?: string;
  RETENTION_DAYS?: string;
  /** HMAC key for access tokens: `wrangler secret put JWT_SECRET`. Without it tokens are refused. */
  JWT_SECRET?: string;
}

/** Plain typed settings read once from the bindings, so no other module parses strings. */
export interface Settings {
  environment: string;
  service: string;
  tokenTtlSeconds: number;
  retentionDays: number;
  production: boolean;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function settingsOf(env: Env): Settings {
  const environment = env.ENVIRONMENT || 'development';
  return {
    environment,
    service: env.SERVICE_NAME || 'browser-debug-edge',
    tokenTtlSeconds: positiveInt(env.TOKEN_TTL_SECONDS, 3600),
    retentionDays: positiveInt(env.RETENTION_DAYS, 7),
    production: environment === 'production',
  };
}
