import type { NetworkRequestEvent } from '../../../src/shared/protocol';
import { DEFAULT_REDACTED_HEADERS, REDACTED } from '../../../src/shared/redaction';
import type { CapturedBody, RequestInitiator, ResourceTiming } from '../common/messages';
import { formatFrame, parseStack } from '../../../src/shared/stackFrames';
import { DocumentRequests } from './documentRequests';
import { RequestExtras, type Initiator } from './requestExtras';
import { settings } from './settings';
import { tabInfo } from './tabsState';
import { tabsServedBy } from './workers/serviceWorkerClients';

const REDACTED_HEADERS = new Set(DEFAULT_REDACTED_HEADERS);
/**
 * Resource timing arrives from the page a moment after webRequest completes, and the line that called fetch
 * or XHR with the page hook's next batch (at most 25 ms after the call); wait this long for them.
 */
const TIMING_WAIT_MS = 300;
/** A body is read after the response; allow it longer. */
const BODY_WAIT_MS = 2000;

interface Pending {
  event: NetworkRequestEvent;
  started: number;
  /** The tab's page load when the request began (document requests start a new one). */
  loadAtStart: string | undefined;
  /** Set for a service worker's own fetch (no tab): the origin webRequest names as its initiator. */
  worker?: string;
}

/** `pageUrl` is set for a document request: its own URL is the page it loads. */
type Emit = (event: NetworkRequestEvent, tabId: number, pageUrl?: string) => void;

export function redactHeaders(headers: chrome.webRequest.HttpHeader[] | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const out: Record<string, string> = {};
  for (const { name, value } of headers) {
    const shown = REDACTED_HEADERS.has(name.toLowerCase()) ? REDACTED : (value ?? '');
    out[name] = out[name] !== undefined ? `${out[name]}, ${shown}` : shown;
  }
  return out;
}

function statusText(statusLine: string | undefined): string | undefined {
  return statusLine?.replace(/^HTTP\/[\d.]+\s+\d+\s*/, '') || undefined;
}

function contentLength(headers: Record<string, string> | undefined): number {
  const value = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-length')?.[1];
  return value ? Number(value) || 0 : 0;
}

/**
 * Every request of a captured tab, from chrome.webRequest (no debugger, so no "being debugged" bar):
 * method, status, headers (credentials redacted), duration, failures with Chrome's error text, and
 * the page's own resource timing when it arrives. A request that fails has Chrome's error and no status (its
 * status would need one more event per request: onResponseStarted).
 */
export class NetworkCapture {
  private readonly requests = new Map<string, Pending>();
  private readonly extras = new RequestExtras((event, timing, body, initiator) =>
    this.send(event, timing, body, initiator),
  );
  private readonly documents = new DocumentRequests((event) => this.send(event));

  constructor(private readonly emit: Emit) {}

  start(): void {
    const filter = { urls: ['<all_urls>'] };
    const w = chrome.webRequest;
    w.onBeforeRequest.addListener(
      (d) => {
        this.begin(d);
        return undefined;
      },
      filter,
      ['requestBody'],
    );
    w.onSendHeaders.addListener(
      (d) => this.update(d.requestId, { requestHeaders: redactHeaders(d.requestHeaders) }),
      filter,
      ['requestHeaders', 'extraHeaders'],
    );
    w.onBeforeRedirect.addListener((d) => this.redirect(d), filter, ['responseHeaders', 'extraHeaders']);
    // Status and response headers come with the request's end, not from onResponseStarted: each event a
    // request fires costs the browser's UI thread its delivery (docs/costs.md, issue 38), so the listener set
    // is the fewest events per request that still give method, body, both header sets and the outcome.
    w.onCompleted.addListener((d) => this.complete(d), filter, ['responseHeaders', 'extraHeaders']);
    w.onErrorOccurred.addListener((d) => this.finish(d.requestId, d.timeStamp, d.error), filter);
  }

  /** A main-frame navigation committed: a document request waiting for its page load gets it. */
  committed(tabId: number, pageLoadId: string): void {
    this.documents.committed(tabId, pageLoadId);
  }

  /** Resource timings reported by a tab's content script. */
  addTimings(tabId: number, timings: ResourceTiming[]): void {
    for (const timing of timings) this.extras.addTiming(`${tabId} ${timing.url}`, timing);
  }

  /** fetch/XHR bodies reported by the opt-in body hook. */
  addBodies(tabId: number, bodies: CapturedBody[]): void {
    for (const body of bodies) this.extras.addBody(`${tabId} ${body.url}`, body);
  }

  /** The page stack that called fetch or XHR, from the page hook: its top page frame is the request's initiator. */
  addInitiator(tabId: number, initiator: RequestInitiator): void {
    const top = parseStack(initiator.stackText)[0];
    this.extras.addInitiator(`${tabId} ${initiator.url}`, {
      method: initiator.method,
      source: top ? formatFrame(top) : undefined,
    });
  }

  private begin(details: chrome.webRequest.OnBeforeRequestDetails): void {
    // A service worker's fetch has no tab: kept when a captured tab of its origin is there to file it under.
    const worker = details.tabId < 0 && tabsServedBy(details.initiator).length ? details.initiator : undefined;
    if (!worker && (details.tabId < 0 || (!tabInfo(details.tabId) && details.type !== 'main_frame'))) return;
    const raw =
      details.requestBody?.raw?.reduce(
        (sum: number, part: chrome.webRequest.UploadData) => sum + (part.bytes?.byteLength ?? 0),
        0,
      ) ?? 0;
    this.requests.set(details.requestId, {
      worker,
      started: details.timeStamp,
      loadAtStart: tabInfo(details.tabId)?.pageLoadId,
      event: {
        type: 'network-request',
        requestId: details.requestId,
        method: details.method,
        url: details.url,
        resourceType: details.type,
        timestamp: Math.round(details.timeStamp),
        tabId: details.tabId,
        size: { request: raw, response: 0 },
      },
    });
  }

  private update(requestId: string, patch: Partial<NetworkRequestEvent>): void {
    const pending = this.requests.get(requestId);
    if (pending) Object.assign(pending.event, patch);
  }

  private complete(details: chrome.webRequest.OnCompletedDetails): void {
    this.update(details.requestId, {
      status: details.statusCode,
      statusText: statusText(details.statusLine),
      responseHeaders: redactHeaders(details.responseHeaders),
    });
    this.finish(details.requestId, details.timeStamp, undefined);
  }

  /** A redirect is its own record (the 3xx), and the request carries on as a new one. */
  private redirect(details: chrome.webRequest.OnBeforeRedirectDetails): void {
    const pending = this.requests.get(details.requestId);
    if (!pending) return;
    const responseHeaders = redactHeaders(details.responseHeaders);
    this.emitRecord(
      {
        ...pending,
        event: {
          ...pending.event,
          status: details.statusCode,
          statusText: statusText(details.statusLine),
          responseHeaders,
        },
      },
      details.timeStamp,
    );
    pending.event = {
      ...pending.event,
      url: details.redirectUrl,
      timestamp: Math.round(details.timeStamp),
      status: undefined,
      responseHeaders: undefined,
    };
    pending.started = details.timeStamp;
  }

  private finish(requestId: string, at: number, error: string | undefined): void {
    const pending = this.requests.get(requestId);
    if (!pending) return;
    this.requests.delete(requestId);
    if (error) pending.event.error = error;
    this.emitRecord(pending, at);
  }

  private emitRecord(pending: Pending, at: number): void {
    const event = { ...pending.event };
    event.duration = Math.max(0, Math.round(at - pending.started));
    event.size = {
      request: (pending.event.size as { request: number }).request,
      response: contentLength(event.responseHeaders),
    };
    const needs = {
      timing: !event.error,
      body: settings().captureBodies && event.resourceType === 'xmlhttprequest' && !event.error,
      // fetch and XHR (`other` too: fetch with keepalive) may have been started by a page line.
      initiator: event.resourceType === 'xmlhttprequest' || event.resourceType === 'other',
    };
    if (pending.worker) return this.sendForWorker(event, pending.worker);
    if (event.resourceType === 'main_frame') return this.documents.finished(event, pending.loadAtStart);
    if (!needs.timing && !needs.body && !needs.initiator) return this.send(event);
    this.extras.expect(`${event.tabId} ${event.url}`, event, needs, needs.body ? BODY_WAIT_MS : TIMING_WAIT_MS);
  }

  /**
   * A service worker's fetch goes to each captured tab it serves, its initiator named in `context` (the worker's
   * script, or its origin). The page's timings and stacks are the page's own requests', so nothing waits for them.
   */
  private sendForWorker(event: NetworkRequestEvent, initiator: string): void {
    for (const { tabId, context } of tabsServedBy(initiator)) this.emit({ ...event, tabId, context }, tabId);
  }

  private send(event: NetworkRequestEvent, timing?: ResourceTiming, body?: CapturedBody, initiator?: Initiator): void {
    if (timing) {
      event.timing = {
        dns: timing.dns,
        connect: timing.connect,
        send: timing.send,
        wait: timing.wait,
        receive: timing.receive,
      };
      const size = event.size as { request: number; response: number };
      if (!size.response) size.response = timing.encodedBodySize || timing.transferSize;
    }
    if (body?.requestBody !== undefined) event.requestBody = body.requestBody;
    if (body?.responseBody !== undefined) event.responseBody = body.responseBody;
    if (initiator?.source) event.initiator = initiator.source;
    this.emit(event, event.tabId!, event.resourceType === 'main_frame' ? event.url : undefined);
  }
}
