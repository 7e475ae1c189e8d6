import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { checkLocalCaller, type LocalCallers } from './localCallers';

/**
 * Who may call the connector: the one check behind every express route, the lean ingest path, both
 * WebSocket upgrades (`/extension-ws`, `/ws`) and the MCP endpoints (`/mcp`, `/sse`, `/messages`).
 *
 * 1. The socket: a caller whose remote address is not loopback must send `Authorization: Bearer <token>`
 *    (the connector only accepts such callers at all when bound beyond loopback, with a token).
 * 2. Host (loopback callers): a loopback name with our port, against DNS rebinding; or exactly the
 *    authority the editor forwarded this port to (a remote window's `asExternalUri`, e.g. code-server's
 *    `/proxy/PORT/` on its own host), whose proxy passes its Host through.
 * 3. Origin: none (curl, Node, VS Code's extension host), our pinned extension id(s), or one the user
 *    added. No scheme is trusted as such.
 * 4. No Origin from a browser (it sends `Sec-Fetch-*`): a page's no-cors GET, or another extension's
 *    GET (Chrome sends no Origin on an extension's GET), refused; only the address bar (`navigate`
 *    from `none`, MCP endpoints excepted) and the public discovery path `/.identity` pass. Paths are
 *    normalised first, as the router would see them (`/SSE`, `/sse/`, `//mcp`, `/%73se`, `/x/../sse`,
 *    an absolute-form `http://host/sse`), so no spelling skips the exception; one that cannot be decoded
 *    gets no exception.
 * 5. Who (loopback callers): the per-user secret, or a paired browser's proof (see localCallers).
 */
export interface AccessPolicy {
  port: () => number;
  /** Extra Origins the user trusts (`--allowed-origins`). */
  allowedOrigins: readonly string[];
  /** Extra Host names, for users who bind beyond loopback on purpose. */
  allowedHosts?: readonly string[];
  /** Exact `host:port` authorities the editor forwarded this connector to (remote windows). */
  forwardedHosts?: () => ReadonlySet<string>;
  /** Chrome extension ids whose `chrome-extension://<id>` origin is ours (ours plus store builds). */
  extensionIds: readonly string[];
  /** Required from every caller whose socket is not loopback; without one such callers are refused. */
  token?: string;
  /** Rule 5; without it (unit tests of rules 1-4) any local process may call. */
  callers?: LocalCallers;
}

/** What the check needs from an HTTP request or a WebSocket upgrade. */
export interface CallerRequest {
  headers: IncomingHttpHeaders;
  /** Path and query as sent (express may strip a mount prefix; we mount none). */
  url?: string;
  socket: { remoteAddress?: string };
}

export interface AccessDenial {
  status: 401 | 403;
  reason: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

/** Whether binding to `host` keeps the connector on this machine only. */
export function isLoopbackBind(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** `undefined` when the caller may go on; otherwise the status and a reason that says what to do. */
export function checkAccess(req: CallerRequest, policy: AccessPolicy): AccessDenial | undefined {
  const { headers } = req;
  const loopback = isLoopbackAddress(req.socket.remoteAddress);
  if (!loopback) {
    const denial = checkToken(headers.authorization, policy);
    if (denial) return denial;
  } else if (!isAllowedHost(headers.host, policy)) {
    return {
      status: 403,
      reason: `Host '${headers.host ?? ''}' is not allowed: use http://127.0.0.1:${policy.port()} (DNS-rebinding protection).`,
    };
  }
  const origin = headers.origin;
  if (origin !== undefined && !isAllowedOrigin(origin, policy)) {
    return {
      status: 403,
      reason: origin.startsWith('chrome-extension://')
        ? `Extension origin '${origin}' is not Browser Debug's extension. Only its pinned id is trusted; add a store build's id with --extension-ids (browserDebug.security.extensionIds).`
        : `Origin '${origin}' is not allowed. Web pages may not read captured data; add the origin to the allowed origins setting if you trust it.`,
    };
  }
  if (origin === undefined && !browserWithoutOriginAllowed(req)) {
    return {
      status: 403,
      reason: `A browser request without an Origin (a web page's or another extension's, Sec-Fetch-Site: ${String(headers['sec-fetch-site'])}) is not allowed.`,
    };
  }
  return loopback && policy.callers ? checkLocalCaller(headers, req.url, policy.callers) : undefined;
}

/** Paths any local caller may read: discovery answers who we are, nothing captured. */
const PUBLIC_PATHS = new Set(['/.identity', '/api/v1/.identity']);
const MCP_PATHS = ['/mcp', '/sse', '/messages'];

/**
 * The path of a request URL in one spelling: the query and fragment dropped, percent-decoding applied
 * until stable, backslashes as slashes, lower case, empty and dot segments resolved. Undefined when it
 * cannot be decoded.
 */
export function normalisePath(url: string): string | undefined {
  let path = url;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  path = path.split(/[?#]/)[0]!;
  for (let round = 0; path.includes('%'); round++) {
    if (round === 3) return undefined;
    try {
      path = decodeURIComponent(path.split(/[?#]/)[0]!);
    } catch {
      return undefined;
    }
  }
  const parts: string[] = [];
  for (const part of path.replace(/\\/g, '/').toLowerCase().split('/')) {
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  }
  return '/' + parts.join('/');
}

function isMcpPath(path: string): boolean {
  return MCP_PATHS.some((mcp) => path === mcp || path.startsWith(mcp + '/'));
}

/**
 * A request with no Origin: fine from curl or Node; from a browser only a URL typed in the address bar
 * (not the MCP endpoints: a tab holding an MCP session is no client), or discovery.
 */
function browserWithoutOriginAllowed(req: CallerRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined) return true;
  const path = normalisePath(req.url ?? '');
  if (path === undefined) return false;
  if (site === 'none' && req.headers['sec-fetch-mode'] === 'navigate') return !isMcpPath(path);
  return PUBLIC_PATHS.has(path);
}

export function isAllowedHost(host: string | undefined, policy: AccessPolicy): boolean {
  if (!host) return false;
  if (policy.forwardedHosts?.().has(host.toLowerCase())) return true;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host.toLowerCase());
  if (!match) return false;
  const [, name, port] = match;
  if (port !== undefined && Number(port) !== policy.port()) return false;
  return LOOPBACK_NAMES.has(name!) || (policy.allowedHosts ?? []).includes(name!);
}

/**
 * Our extension by id, or an origin the user added. Never a whole scheme, and not the connector's own
 * origin: it serves no pages, and a script another extension injects into a tab showing a connector
 * URL would carry that origin.
 */
export function isAllowedOrigin(origin: string, policy: AccessPolicy): boolean {
  const extension = /^chrome-extension:\/\/([a-p]{32})$/.exec(origin);
  if (extension) return policy.extensionIds.includes(extension[1]!);
  return policy.allowedOrigins.includes(origin);
}

function checkToken(authorization: string | undefined, policy: AccessPolicy): AccessDenial | undefined {
  if (!policy.token) return { status: 403, reason: 'Only callers on this machine (loopback) may use this connector.' };
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (given === undefined)
    return {
      status: 401,
      reason:
        'Callers from another machine need the connector token: send Authorization: Bearer <token> (printed when the connector first bound beyond loopback, stored in its token file).',
    };
  const a = Buffer.from(given);
  const b = Buffer.from(policy.token);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    return { status: 401, reason: 'Wrong connector token: use the one in the connector token file.' };
  return undefined;
}

/** CORS headers for an allowed caller: its own Origin echoed (never `*`), or none without one. */
export function corsHeaders(origin: string | undefined): OutgoingHttpHeaders {
  return origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
}

/** What a preflight from an allowed origin gets. */
export const PREFLIGHT_HEADERS: OutgoingHttpHeaders = {
  'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'Content-Type, Authorization, X-Request-Id, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  'access-control-max-age': '600',
};

/** A refused WebSocket upgrade, answered on the raw socket. */
export function refuseUpgrade(
  socket: { end(text: string): void },
  status: number,
  statusText: string,
  message: string,
): void {
  const extra = status === 401 ? 'WWW-Authenticate: Bearer\r\n' : '';
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: text/plain\r\n${extra}Connection: close\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
  );
}

/**
 * Who is asking, for per-caller limits (MCP sessions): the socket's address, the Origin and the
 * client's own name for itself. Local processes of the same user can claim any name: they are out of
 * scope (SECURITY.md); the key keeps honest clients and a LAN or page caller apart.
 */
export function callerKey(req: CallerRequest, clientName = ''): string {
  const address = req.socket.remoteAddress ?? '';
  return `${isLoopbackAddress(address) ? 'loopback' : address}|${req.headers.origin ?? ''}|${req.headers['user-agent'] ?? ''}|${clientName}`;
}
