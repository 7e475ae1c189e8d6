import { get as httpGet, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { checkLiteralHost, scopedLookup, type FetchScope, type Resolver } from '../trust/fetchTargets';

export interface HttpText {
  text: string;
  headers: IncomingHttpHeaders;
}

const MAX_REDIRECTS = 3;

/**
 * GETs a text resource with `node:http`, within a time and size cap, following a few redirects.
 * Not `fetch`: on Node 20 a fetch whose peer closes at once, with an unref'd `AbortSignal.timeout`,
 * can leave a promise that never settles. Here the timer is ref'd and every path settles.
 */
export interface GetTextOptions {
  /** Redirects to another origin are refused (source maps: the script's own origin only). */
  sameOrigin?: boolean;
  redirects?: number;
  /**
   * The addresses the fetch may reach (trust/fetchTargets), checked after DNS on every hop. Without it
   * any address: only for URLs that no page chose.
   */
  scope?: FetchScope;
  /** Stands in for DNS (tests). */
  resolver?: Resolver;
}

export function getText(
  url: URL,
  timeoutMs: number,
  maxBytes: number,
  options: GetTextOptions = {},
): Promise<HttpText> {
  const redirects = options.redirects ?? MAX_REDIRECTS;
  return new Promise((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    const { scope, resolver } = options;
    if (scope) {
      try {
        checkLiteralHost(url, scope);
      } catch (error) {
        return reject(error as Error);
      }
    }
    const lookup = scope ? scopedLookup(scope, resolver) : undefined;
    const request = get(url, { headers: { accept: '*/*' }, ...(lookup ? { lookup } : {}) }, (response) => {
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        clearTimeout(timer);
        if (redirects <= 0) return reject(new Error(`Too many redirects for ${url.href}`));
        const next = new URL(location, url);
        if (options.sameOrigin && next.origin !== url.origin)
          return reject(new Error(`${url.href} redirects to another origin (${next.origin}); not followed`));
        return getText(next, timeoutMs, maxBytes, { ...options, redirects: redirects - 1 }).then(resolve, reject);
      }
      readBody(url, response, maxBytes).then(
        (text) => (clearTimeout(timer), resolve({ text, headers: response.headers })),
        (error: Error) => (clearTimeout(timer), reject(error)),
      );
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer from ${url.href} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('error', (error) => (clearTimeout(timer), reject(error)));
  });
}

function readBody(url: URL, response: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (response.statusCode !== 200) {
      response.resume();
      return reject(new Error(`HTTP ${response.statusCode} for ${url.href}`));
    }
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
      response.destroy();
      return reject(new Error(`${url.href} is larger than ${maxBytes} bytes`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) response.destroy(new Error(`${url.href} is larger than ${maxBytes} bytes`));
      else chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('aborted', () => reject(new Error(`${url.href} closed before its end`)));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
