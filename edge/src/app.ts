import { Hono } from 'hono';
import { identify } from './auth/authenticate';
import { recordError } from './data/usage';
import { settingsOf } from './base/env';
import type { AppEnv, Ctx } from './http/context';
import { errorResponse, jsonResponse, statusOf, successBody, toApiError } from './http/envelope';
import { ApiError } from '../../src/shared/errors';
import { parseBody, parseQuery } from './http/input';
import type { RouteSpec } from './http/route';
import { recordUsage } from './http/recordUsage';
import { httpsRedirect, securityHeaders } from './http/security';
import { rateLimit } from './limits/rateLimit';
import { allRoutes } from './routes';
import { randomToken } from './base/crypto';

function handlerFor(route: RouteSpec) {
  return async (c: Ctx) => {
    const url = new URL(c.req.url);
    const query = route.query ? parseQuery(route.query, url) : {};
    const body = route.body ? await parseBody(route.body, c.req.raw) : undefined;
    const result = await route.handle(c, { query, body });
    if (result instanceof Response) return result;
    const status = 'data' in route.response ? (route.response.status ?? 200) : 200;
    return jsonResponse(successBody(result, c.var.requestId), status);
  };
}

/** Hono path → regex, to tell 405 (known path, other method) from 404. */
function pathPattern(path: string): RegExp {
  return new RegExp('^' + path.replace(/:[A-Za-z_]+/g, '[^/]+') + '$');
}

function methodsFor(routes: RouteSpec[], path: string): string[] {
  return routes.filter((r) => r.paths.some((p) => pathPattern(p).test(path))).map((r) => r.method.toUpperCase());
}

export function createApp(routes: RouteSpec[] = allRoutes): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    const incoming = c.req.header('X-Request-Id');
    c.set('requestId', incoming && /^[A-Za-z0-9._-]{1,100}$/.test(incoming) ? incoming : `req_${randomToken(12)}`);
    c.set('settings', settingsOf(c.env));
    await next();
  });
  app.use(securityHeaders, httpsRedirect, identify, rateLimit, recordUsage);
  for (const route of routes)
    for (const path of route.paths) app.on(route.method.toUpperCase(), path, handlerFor(route));
  app.notFound((c) => {
    const allowed = methodsFor(routes, c.req.path);
    if (allowed.length) {
      const error = new ApiError(
        'METHOD_NOT_ALLOWED',
        `${c.req.method} is not supported on ${c.req.path}. Use ${allowed.join(', ')}.`,
        { allowed },
        { Allow: allowed.join(', ') },
      );
      return errorResponse(error, c.var.requestId);
    }
    return errorResponse(
      new ApiError('NOT_FOUND', `No endpoint at ${c.req.method} ${c.req.path}. See /api-docs.`),
      c.var.requestId,
    );
  });
  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (statusOf(apiError) >= 500)
      c.executionCtx.waitUntil(
        recordError(c.env, error, { path: c.req.path, requestId: c.var.requestId, principal: c.var.principal }),
      );
    return errorResponse(apiError, c.var.requestId ?? 'unknown');
  });
  return app;
}
