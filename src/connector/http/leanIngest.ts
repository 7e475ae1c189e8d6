import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { ApiError } from '../../shared/errors';
import type { ConnectorServices } from '../services';
import { errorBody, invalidJson, payloadTooLarge, successBody, TextBody, toApiError, type Variant } from './envelope';
import { requestIdFrom, unprefixed, variantOf, type Route } from './route';
import { checkAccess, corsHeaders, type AccessPolicy } from '../trust/access';

/** Routes a browser posts captures to, many times a second: served without express. */
const LEAN_PATHS = new Set(['/extension-log']);
/** What express.json() parses itself; anything else goes through express, which answers as before. */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** body-parser's strict mode: a JSON body is an object or an array (JSON whitespace before it). */
const STRICT_START = /^[ \t\n\r]*([^ \t\n\r])/;

interface LeanRequest {
  route: Route;
  variant: Variant;
  query: Record<string, unknown>;
}

/**
 * The connector's request listener: `POST /extension-log` (both variants) is served here, everything
 * else by express. A CPU profile of the ingest workload showed express's middleware chain, body parser
 * and response helpers taking about half of each request, so the hot path does the same work directly:
 * the Host/Origin checks, the body cap, the route's own validation and the same envelopes and headers.
 * Anything unusual (another content type, a content encoding, a preflight) goes to express unchanged.
 */
export function withLeanIngest(
  app: RequestListener,
  routes: ReadonlyMap<string, Route>,
  services: ConnectorServices,
  policy: AccessPolicy,
): RequestListener {
  return (req, res) => {
    const lean = leanRequest(req, routes);
    if (lean) serve(req, res, lean, services, policy);
    else app(req, res);
  };
}

function leanRequest(req: IncomingMessage, routes: ReadonlyMap<string, Route>): LeanRequest | undefined {
  if (req.method !== 'POST') return undefined;
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const own = unprefixed(path);
  if (!LEAN_PATHS.has(own)) return undefined;
  const type = req.headers['content-type'];
  if (type === undefined || !JSON_TYPE.test(type)) return undefined;
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return undefined;
  const route = routes.get(`POST ${own}`);
  if (!route) return undefined;
  return { route, variant: variantOf(path), query: mark < 0 ? {} : parseQuery(url.slice(mark + 1)) };
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  lean: LeanRequest,
  services: ConnectorServices,
  policy: AccessPolicy,
): void {
  const header = req.headers['x-request-id'];
  const requestId = requestIdFrom(typeof header === 'string' ? header : undefined);
  const headers: OutgoingHttpHeaders = { 'x-request-id': requestId };
  const fail = (error: ApiError) => send(res, error.status, headers, errorBody(lean.variant, error, requestId));
  const denial = checkAccess(req, policy);
  if (denial) {
    if (denial.status === 401) headers['www-authenticate'] = 'Bearer';
    return fail(new ApiError(denial.status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', denial.reason));
  }
  Object.assign(headers, corsHeaders(req.headers.origin));
  readBody(req, services.config.maxBodyBytes, (error, text, draining) => {
    if (error) {
      // The rest of a body too big to drain is not read: the socket closes once the answer is out.
      if (!draining) headers.connection = 'close';
      return fail(error);
    }
    const body = parseBody(text);
    if (body === INVALID) return fail(invalidJson());
    answer(lean, body)
      .then(
        (data) =>
          data instanceof TextBody
            ? sendText(res, headers, data.text)
            : send(res, 200, headers, successBody(lean.variant, data, requestId)),
        (thrown: unknown) => {
          const apiError = toApiError(thrown);
          if (apiError.code === 'INTERNAL_ERROR') services.logger.error(`${req.method} ${req.url} failed`, thrown);
          fail(apiError);
        },
      )
      .catch((error: unknown) =>
        services.logger.error(`${req.method} ${req.url}: the answer could not be sent`, error),
      );
  });
}

async function answer(lean: LeanRequest, body: unknown): Promise<unknown> {
  return lean.route.handle({ variant: lean.variant, query: lean.query, body, params: {} });
}

/**
 * The most of an oversized body read and dropped after its 413: the client may still be writing, and a
 * socket closed on unread bytes resets, so it would see EPIPE instead of the answer. Beyond this the
 * socket is closed.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * The body as text, or a PAYLOAD_TOO_LARGE error as soon as it passes `limit` bytes (or says it will).
 * `draining`: the rest of the body is being read and dropped, so the connection stays usable.
 */
function readBody(
  req: IncomingMessage,
  limit: number,
  done: (error: ApiError | undefined, text: string, draining: boolean) => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    const draining = declared <= DRAIN_BYTES;
    if (draining) drain(req, 0);
    return done(payloadTooLarge(limit), '', draining);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const collect = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    req.off('data', collect).off('end', finish);
    drain(req, size);
    done(payloadTooLarge(limit), '', true);
  };
  const finish = () =>
    done(
      undefined,
      chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'),
      false,
    );
  req.on('data', collect).on('end', finish);
}

/** Reads and drops the rest of a refused body, up to DRAIN_BYTES in all; then closes the socket. */
function drain(req: IncomingMessage, alreadyRead: number): void {
  let size = alreadyRead;
  const drop = (chunk: Buffer) => {
    size += chunk.length;
    if (size > DRAIN_BYTES) req.off('data', drop).socket.destroy();
  };
  req.on('data', drop);
}

const INVALID = Symbol('invalid JSON');

/** As express.json() reads it: empty is `{}`, anything but an object or array is invalid. */
function parseBody(text: string): unknown {
  if (text.length === 0) return {};
  const first = STRICT_START.exec(text)?.[1];
  if (first !== '{' && first !== '[') return INVALID;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function send(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: unknown): void {
  const json = JSON.stringify(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(json);
  res.writeHead(status, headers);
  res.end(json);
}

function sendText(res: ServerResponse, headers: OutgoingHttpHeaders, text: string): void {
  headers['content-type'] = 'text/plain; charset=utf-8';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(200, headers);
  res.end(text);
}
