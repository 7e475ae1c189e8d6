import type { MiddlewareHandler } from 'hono';
import { addUsage } from '../data/usage';
import type { AppEnv } from './context';

/** Counts each authenticated request after it is answered, off the response's critical path. */
export const recordUsage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const principal = c.var.principal;
  if (!principal) return;
  const bytes = Number(c.res.headers.get('Content-Length') ?? 0) + Number(c.req.header('Content-Length') ?? 0);
  const errors = c.res.status >= 400 ? 1 : 0;
  c.executionCtx.waitUntil(
    addUsage(c.env, principal.callerId, principal.accountId, { requests: 1, bytes, errors }).catch(() => undefined),
  );
};
