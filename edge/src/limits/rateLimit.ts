import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context';
import { ApiError } from '../../../src/shared/errors';
import type { RateDecision } from '../base/durableObjects';
import { ANONYMOUS_LIMIT, WINDOW_SECONDS } from './tiers';

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
    'X-RateLimit-Window': String(decision.window),
  };
}

function clientAddress(request: Request): string {
  return request.headers.get('CF-Connecting-IP') ?? request.headers.get('X-Real-IP') ?? 'unknown';
}

/**
 * Counts HTTP requests, including tunnel and SSE openings, but never frames on an open tunnel, so
 * a busy browser is not throttled into losing data. Known callers count per account at their
 * tier's limit; everyone else per client address at the free limit.
 */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const principal = c.var.principal;
  const key = principal ? `account:${principal.accountId}` : `ip:${clientAddress(c.req.raw)}`;
  const limit = principal ? principal.rateLimit : ANONYMOUS_LIMIT;
  let decision: RateDecision;
  try {
    decision = await c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(key)).hit(limit, WINDOW_SECONDS);
  } catch (error) {
    // Health must still answer (degraded) when Durable Objects fail; everything else fails closed.
    if (c.req.path.endsWith('/health')) return next();
    throw new ApiError('SERVICE_UNAVAILABLE', 'Rate limiting is unavailable; try again shortly.', {
      cause: String(error),
    });
  }
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.reset - Date.now() / 1000));
    throw new ApiError(
      'RATE_LIMITED',
      `Rate limit of ${limit} requests per ${WINDOW_SECONDS} s exceeded. Retry after ${retryAfter} s.`,
      { limit, window: WINDOW_SECONDS, reset: decision.reset },
      { ...headers, 'Retry-After': String(retryAfter) },
    );
  }
  await next();
  if (c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
};
