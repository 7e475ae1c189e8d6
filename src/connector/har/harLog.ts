import type { Entry, Har as BaseHar, Header, Page, QueryString, Timings } from 'har-format';
import type { StoredNetworkRequest } from '../../shared/protocol';
import type { RedactionTally } from '../../shared/redaction';
import { VERSION } from '../../shared/version';
import { redactedIn } from '../capture/redaction';

/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as @types/har-format types it, with what the
 * connector blanked in these entries before it stored them (a HAR custom field).
 */
export type Har = BaseHar & { log: BaseHar['log'] & { _redacted: RedactionTally } };

function pairs(headers: Record<string, string> | undefined): Header[] {
  return Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));
}

function header(headers: Record<string, string> | undefined, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

function queryString(url: string): QueryString[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function sizes(request: StoredNetworkRequest): { request: number; response: number } {
  if (typeof request.size === 'object') return request.size;
  return { request: -1, response: request.size ?? -1 };
}

/** The page's own phases when it reported them; otherwise the whole duration counts as waiting. */
function timings(request: StoredNetworkRequest): Timings {
  const timing = request.timing;
  if (!timing)
    return { blocked: -1, dns: -1, connect: -1, send: 0, wait: Math.round(request.duration ?? 0), receive: 0 };
  return {
    blocked: -1,
    dns: Math.round(timing.dns),
    connect: Math.round(timing.connect),
    send: Math.round(timing.send),
    wait: Math.round(timing.wait),
    receive: Math.round(timing.receive),
  };
}

/**
 * DevTools writes the resource type lower-case (`xhr`, `document`), the spelling har-format types;
 * the capture has CDP's (`XHR`, `Document`), lower-cased here the same way.
 */
function resourceType(captured: string): Entry['_resourceType'] {
  return captured.toLowerCase() as Entry['_resourceType'];
}

/** The request half of a HAR entry (what httpsnippet reads to write Copy as cURL); headers already redacted. */
export function harRequest(request: StoredNetworkRequest, bodySize = sizes(request).request): Entry['request'] {
  return {
    method: request.method,
    url: request.url,
    httpVersion: '',
    cookies: [],
    headers: pairs(request.requestHeaders),
    queryString: queryString(request.url),
    ...(request.requestBody !== undefined
      ? { postData: { mimeType: header(request.requestHeaders, 'content-type') ?? '', text: request.requestBody } }
      : {}),
    headersSize: -1,
    bodySize,
  };
}

function entry(request: StoredNetworkRequest): Entry {
  const size = sizes(request);
  const phases = timings(request);
  const mimeType = header(request.responseHeaders, 'content-type') ?? '';
  return {
    pageref: request.pageLoadId,
    startedDateTime: new Date(request.timestamp).toISOString(),
    time: Object.values(phases).reduce((sum, ms) => sum + Math.max(0, ms), 0),
    request: harRequest(request, size.request),
    response: {
      status: request.status ?? 0,
      statusText: request.statusText ?? '',
      httpVersion: '',
      cookies: [],
      headers: pairs(request.responseHeaders),
      content: {
        size: size.response,
        mimeType,
        ...(request.responseBody !== undefined ? { text: request.responseBody } : {}),
      },
      redirectURL: header(request.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: size.response,
      ...(request.error ? { _error: request.error } : {}),
    },
    cache: {},
    timings: phases,
    ...(request.resourceType ? { _resourceType: resourceType(request.resourceType) } : {}),
    ...(request.mocked ? { _mocked: request.mocked } : {}),
    _id: request.id,
  };
}

/** Captured requests (oldest first) as a HAR log, one page per page load; headers are already redacted. */
export function harOf(requests: readonly StoredNetworkRequest[]): Har {
  const pages = new Map<string, Page>();
  for (const request of requests)
    if (!pages.has(request.pageLoadId))
      pages.set(request.pageLoadId, {
        startedDateTime: new Date(request.timestamp).toISOString(),
        id: request.pageLoadId,
        title: request.url,
        pageTimings: {},
      });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Browser Debug', version: VERSION },
      pages: [...pages.values()],
      entries: requests.map(entry),
      _redacted: redactedIn(requests),
    },
  };
}
