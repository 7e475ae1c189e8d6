import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Ctx } from '../http/context';
import { ApiError, unauthorized } from '../../../src/shared/errors';
import { verifyAccountPassword } from './accounts';
import { verifyApiKey } from './apiKeys';
import type { Principal } from '../base/principal';
import type { Scope } from '../base/scopes';
import { verifyToken } from './tokens';

/** Browsers cannot set headers on WebSocket or EventSource, so those two may carry the token here. */
const SUBPROTOCOL_PREFIX = 'bearer.';

export interface Credentials {
  bearer?: string;
  apiKey?: string;
  basic?: { email: string; password: string };
}

function basicCredentials(value: string): Credentials['basic'] {
  try {
    const decoded = atob(value);
    const colon = decoded.indexOf(':');
    return colon > 0 ? { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : undefined;
  } catch {
    return undefined;
  }
}

export function credentialsOf(request: Request): Credentials {
  const authorization = request.headers.get('Authorization') ?? '';
  const [scheme = '', value = ''] = authorization.split(/\s+/, 2);
  const url = new URL(request.url);
  const protocols = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
  const fromProtocol = protocols.find((p) => p.startsWith(SUBPROTOCOL_PREFIX))?.slice(SUBPROTOCOL_PREFIX.length);
  const liveStream = url.pathname.startsWith('/tunnel/') || url.pathname.endsWith('/events');
  return {
    bearer:
      scheme.toLowerCase() === 'bearer'
        ? value
        : (fromProtocol ?? (liveStream ? (url.searchParams.get('access_token') ?? undefined) : undefined)),
    apiKey: request.headers.get('X-API-Key') ?? undefined,
    basic: scheme.toLowerCase() === 'basic' ? basicCredentials(value) : undefined,
  };
}

async function resolve(c: Ctx, credentials: Credentials): Promise<Principal | undefined> {
  if (credentials.bearer !== undefined) return verifyToken(c.env, c.var.settings, credentials.bearer);
  if (credentials.apiKey !== undefined) return verifyApiKey(c.env, credentials.apiKey);
  if (credentials.basic && c.req.path.endsWith('/api-keys') && c.req.method === 'POST') {
    return verifyAccountPassword(c.env, credentials.basic.email, credentials.basic.password);
  }
  return undefined;
}

/**
 * Runs on every request, before rate limiting, so limits count per account when the caller is
 * known. Refused credentials do not fail public routes; routes that need a caller raise them.
 */
export const identify: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    c.set('principal', await resolve(c, credentialsOf(c.req.raw)));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    c.set('authError', error);
  }
  await next();
};

/** 401 without usable credentials: the reason the sent ones were refused, or that none came. */
export function requirePrincipal(c: Ctx): Principal {
  const principal = c.var.principal;
  if (principal) return principal;
  throw (
    c.var.authError ??
    unauthorized('Authentication required: send Authorization: Bearer <token> or X-API-Key: <key>.', {
      reason: 'missing',
    })
  );
}

/** 401 without usable credentials; 403 when the caller lacks the scope. */
export function requireScope(c: Ctx, scope: Scope): Principal {
  const principal = requirePrincipal(c);
  if (!principal.scopes.includes(scope)) {
    throw new ApiError('FORBIDDEN', `This credential lacks the '${scope}' scope.`, {
      required: scope,
      granted: principal.scopes,
    });
  }
  return principal;
}
