import type { RequestListener } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '../../shared/errors';
import type { ConnectorServices } from '../services';
import { invalidJson, payloadTooLarge, sendError, sendSuccess, toApiError, type Variant } from './envelope';
import { withLeanIngest } from './leanIngest';
import { auditRoutes } from './routes/auditRoutes';
import { consoleRoutes } from './routes/consoleRoutes';
import { evidenceRoutes } from './routes/evidenceRoutes';
import { identityRoutes } from './routes/identityRoutes';
import { networkMockRoutes } from './routes/networkMockRoutes';
import { agentRoutes } from './routes/agentRoutes';
import { inspectionRoutes } from './routes/inspectionRoutes';
import { navigationRoutes } from './routes/navigationRoutes';
import { networkRoutes } from './routes/networkRoutes';
import { pageRoutes } from './routes/pageRoutes';
import { pairingRoutes } from './routes/pairingRoutes';
import { performanceRoutes } from './routes/performanceRoutes';
import { matchPath, requestIdFrom, unprefixed, variantOf, type Route } from './route';
import { leakRoutes } from './routes/leakRoutes';
import { recordingRoutes } from './routes/recordingRoutes';
import { checkAccess, corsHeaders, PREFLIGHT_HEADERS, type AccessPolicy } from '../trust/access';
import { websocketRoutes } from './routes/websocketRoutes';

export interface AppExtras {
  /** Mounted behind the Host/Origin checks and before the API routes, e.g. the MCP transports. */
  extraRoutes?: (app: express.Express, services: ConnectorServices) => void;
}

/** Every API route (the MCP transports are mounted apart, as extras). */
export function apiRoutes(services: ConnectorServices): Route[] {
  return [
    ...identityRoutes(services),
    ...pairingRoutes(services),
    ...consoleRoutes(services),
    ...networkRoutes(services),
    ...pageRoutes(services),
    ...navigationRoutes(services),
    ...auditRoutes(services),
    ...performanceRoutes(services),
    ...recordingRoutes(services),
    ...evidenceRoutes(services),
    ...leakRoutes(services),
    ...networkMockRoutes(services),
    ...websocketRoutes(services),
    ...inspectionRoutes(services),
    ...agentRoutes(services),
  ];
}

/**
 * The HTTP face of the connector: every route in both variants, behind the Host/Origin checks.
 * `POST /extension-log` (the hot ingest path) skips express, with the same checks (see leanIngest).
 */
export function createApp(services: ConnectorServices, policy: AccessPolicy, extras: AppExtras = {}): RequestListener {
  const routes = apiRoutes(services);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    res.locals.requestId = requestIdFrom(req.get('x-request-id'));
    res.locals.variant = variantOf(req.path);
    res.set('X-Request-Id', res.locals.requestId as string);
    next();
  });

  app.use((req, res, next) => {
    const denial = checkAccess(req, policy);
    if (denial) {
      if (denial.status === 401) res.set('WWW-Authenticate', 'Bearer');
      const code = denial.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
      return sendError(res, res.locals.variant as Variant, new ApiError(code, denial.reason));
    }
    res.set(corsHeaders(req.headers.origin));
    if (req.method === 'OPTIONS') return res.set(PREFLIGHT_HEADERS).status(204).end();
    next();
  });

  app.use(express.json({ limit: services.config.maxBodyBytes }));
  extras.extraRoutes?.(app, services);

  // Every path is static, so one map lookup replaces express's linear route scan (the hot path).
  const table = new Map(
    routes.filter((route) => !route.path.includes(':')).map((route) => [`${route.method} ${route.path}`, route]),
  );
  const patterned = routes.filter((route) => route.path.includes(':'));
  app.use(async (req, res) => {
    const variant = res.locals.variant as Variant;
    const path = unprefixed(req.path);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const found = findRoute(table, patterned, method, path);
    if (!found) return sendError(res, variant, notRoutable(routes, req.method, req.path, path, res));
    const { route, params } = found;
    const hangUp = new AbortController();
    res.on('close', () => res.writableFinished || hangUp.abort());
    try {
      const query = req.query as Record<string, unknown>;
      const data = await route.handle({ variant, query, body: req.body, params, signal: hangUp.signal });
      sendSuccess(res, variant, data);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'INTERNAL_ERROR') services.logger.error(`${req.method} ${req.path} failed`, error);
      sendError(res, variant, apiError);
    }
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(res, res.locals.variant as Variant, bodyError(error, services.config.maxBodyBytes));
  });
  return withLeanIngest(app, table, services, policy);
}

/** Static paths by one map lookup (the hot path); the few `:param` paths after that. */
function findRoute(
  table: Map<string, Route>,
  patterned: Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const route = table.get(`${method} ${path}`);
  if (route) return { route, params: {} };
  for (const candidate of patterned) {
    const params = candidate.method === method ? matchPath(candidate.path, path) : undefined;
    if (params) return { route: candidate, params };
  }
  return undefined;
}

/** 405 with `Allow` for a known path, otherwise 404. */
function notRoutable(routes: Route[], method: string, fullPath: string, path: string, res: Response): ApiError {
  const allowed = routes
    .filter((route) => route.path === path || matchPath(route.path, path))
    .map((route) => route.method);
  if (!allowed.length)
    return new ApiError('NOT_FOUND', `No endpoint at ${method} ${fullPath}. See docs/http-api.md for the endpoints.`, {
      path: fullPath,
    });
  res.set('Allow', allowed.join(', '));
  return new ApiError('METHOD_NOT_ALLOWED', `${method} is not supported on ${fullPath}. Use ${allowed.join(' or ')}.`, {
    allowed,
  });
}

/** Errors raised by the JSON body parser, in words a caller can act on. */
function bodyError(error: unknown, maxBodyBytes: number): ApiError {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return payloadTooLarge(maxBodyBytes);
  if (type === 'entity.parse.failed') return invalidJson();
  return toApiError(error);
}
