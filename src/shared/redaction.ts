/**
 * What counts as a secret in captured traffic, and how it is blanked: one rule for the connector's store
 * (every capture passes it before it is stored, streamed, journaled or exported) and the browser
 * extension's headers.
 *
 * - Header names in DEFAULT_REDACTED_HEADERS or the user's list, and any header, query parameter
 *   (also in a `#a=b` fragment), JSON key (any depth) or form field whose name matches SECRET_NAME.
 * - Bodies and WebSocket frame text are JSON or a form; a JSON text cut short (frames keep 1 KB) is
 *   redacted by its `"key": value` pairs. Other text is kept as it is.
 */

/** Header names whose values are never stored as they are: they carry credentials. */
export const DEFAULT_REDACTED_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization'];
export const REDACTED = '[redacted]';

/** Names whose values are secrets (any case, anywhere in the name: `X-Auth-Token`, `sessionId`, `api_key`). */
export const SECRET_NAME = /auth|token|key|secret|session|csrf|password|passwd|cookie/i;

/** What was blanked, by kind and name, with counts. */
export interface RedactionTally {
  headers: Record<string, number>;
  params: Record<string, number>;
  keys: Record<string, number>;
}

export function emptyTally(): RedactionTally {
  return { headers: {}, params: {}, keys: {} };
}

function count(bucket: Record<string, number>, name: string): void {
  bucket[name] = (bucket[name] ?? 0) + 1;
}

/** Blanks the values of secret headers in place. */
export function redactHeaderValues(
  headers: Record<string, string> | undefined,
  names: ReadonlySet<string>,
  tally: RedactionTally,
): void {
  if (!headers) return;
  for (const name of Object.keys(headers))
    if ((names.has(name.toLowerCase()) || SECRET_NAME.test(name)) && headers[name] !== REDACTED) {
      headers[name] = REDACTED;
      count(tally.headers, name.toLowerCase());
    }
}

/** `a=1&token=x` with secret values blanked; undefined when nothing changed. */
function redactPairs(text: string, bucket: Record<string, number>): string | undefined {
  let changed = false;
  const parts = text.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    let name = part.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // A malformed name is judged as written.
    }
    if (!SECRET_NAME.test(name) || part.slice(eq + 1) === encodeURIComponent(REDACTED)) return part;
    changed = true;
    count(bucket, name);
    return `${part.slice(0, eq)}=${encodeURIComponent(REDACTED)}`;
  });
  return changed ? parts.join('&') : undefined;
}

/** A URL with secret query parameters (and `#a=b` fragment parameters) blanked, otherwise unchanged. */
export function redactUrl(url: string, tally: RedactionTally): string {
  const hash = url.indexOf('#');
  const head = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? undefined : url.slice(hash + 1);
  const mark = head.indexOf('?');
  const query = mark < 0 ? undefined : redactPairs(head.slice(mark + 1), tally.params);
  const fragmentOut = fragment?.includes('=') ? redactPairs(fragment, tally.params) : undefined;
  if (query === undefined && fragmentOut === undefined) return url;
  const base = query === undefined ? head : `${head.slice(0, mark + 1)}${query}`;
  return fragment === undefined ? base : `${base}#${fragmentOut ?? fragment}`;
}

function redactJsonValue(value: unknown, tally: RedactionTally): unknown {
  if (Array.isArray(value)) return value.map((item) => redactJsonValue(item, tally));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (SECRET_NAME.test(key) && inner !== REDACTED && (typeof inner !== 'object' || inner === null)) {
      count(tally.keys, key);
      out[key] = REDACTED;
    } else out[key] = redactJsonValue(inner, tally);
  }
  return out;
}

/** `"key": "value"` or `"key": 123` pairs in JSON text that may be cut short. */
const JSON_PAIR = /"((?:[^"\\]|\\.){1,200})"(\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|-?[\w.+-]+)/g;

function redactJsonText(text: string, tally: RedactionTally): string {
  return text.replace(JSON_PAIR, (whole, key: string, colon: string, value: string) => {
    if (!SECRET_NAME.test(key) || value === `"${REDACTED}"`) return whole;
    count(tally.keys, key);
    return `"${key}"${colon}"${REDACTED}"`;
  });
}

/**
 * A body or frame text with secret JSON keys or form fields blanked. JSON is re-serialised compactly
 * only when something was blanked; anything else comes back as it was.
 */
export function redactBody(text: string | undefined, tally: RedactionTally, contentType = ''): string | undefined {
  if (!text) return text;
  const first = /^\s*([[{])/.exec(text)?.[1];
  if (first) {
    try {
      const local = emptyTally();
      const redacted = redactJsonValue(JSON.parse(text), local);
      if (!Object.keys(local.keys).length) return text;
      for (const [key, n] of Object.entries(local.keys)) tally.keys[key] = (tally.keys[key] ?? 0) + n;
      return JSON.stringify(redacted);
    } catch {
      return redactJsonText(text, tally);
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType) || /^[\w.%+-]+=[^&\s]*(&[\w.%+-]+=[^&\s]*)*$/.test(text.trim()))
    return redactPairs(text.trim(), tally.keys) ?? text;
  return text;
}

/** One line for answers: `headers authorization ×2, cookie; query token; JSON/form keys password`. */
export function describeTally(tally: RedactionTally): string {
  const part = (label: string, bucket: Record<string, number>) => {
    const names = Object.entries(bucket).map(([name, n]) => (n > 1 ? `${name} ×${n}` : name));
    return names.length ? `${label} ${names.join(', ')}` : '';
  };
  const parts = [
    part('headers', tally.headers),
    part('query parameters', tally.params),
    part('JSON/form keys', tally.keys),
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : 'nothing';
}
