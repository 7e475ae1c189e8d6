import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';

/**
 * The spec's security headers. X-XSS-Protection is `0`: the browsers' old XSS auditor could be
 * abused to blank parts of pages, so OWASP advises turning it off and relying on the CSP.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-XSS-Protection': '0',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
};

/** The readable API page needs its inline styles; nothing else on it loads or runs. */
const DOCS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The spec's caching table. Captures are per account, so their answers are `private`: a shared
 * cache must never hand one account's logs to another.
 */
function cacheControl(path: string, status: number): string {
  if (status >= 400 && status !== 404) return 'no-store';
  if (path === '/health' || path.endsWith('/health')) return 'public, max-age=60, stale-while-revalidate=30';
  if (/^\/api(\/v1)?\/(console-logs|network-requests)$/.test(path))
    return 'private, max-age=30, stale-while-revalidate=60';
  if (path.startsWith('/api-docs')) return 'public, max-age=86400, stale-while-revalidate=86400';
  return 'no-store';
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status === 101) return;
  c.res = new Response(c.res.body, c.res);
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (c.req.path === '/api-docs') headers.set('Content-Security-Policy', DOCS_PAGE_CSP);
  if (c.var.settings.production) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', cacheControl(c.req.path, c.res.status));
  headers.set('Vary', 'Authorization, X-API-Key, X-Session-ID');
  headers.set('X-Request-Id', c.var.requestId);
};

/** In production plain HTTP answers only with a permanent redirect to the same URL over HTTPS. */
export const httpsRedirect: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  if (c.var.settings.production && url.protocol === 'http:') {
    url.protocol = 'https:';
    return c.redirect(url.toString(), 301);
  }
  await next();
};
