/**
 * Part of the MAIN-world page hook: notes the page stack that calls fetch or XHR send, so a request
 * can say which line of the app started it. Only the stack is taken here (formatted when the page hook sends
 * its batch); the worker parses it and pairs it with the webRequest record by URL and method. A failure never breaks the page's call.
 */
import type { RequestInitiator } from '../common/messages';
import { captureCallerStack } from './callerStack';
import { baseUrl } from './documentUrls';

type Post = (initiator: RequestInitiator, stack: object) => void;

/** The worker reads only the top page frame; three, so a fetch through another extension's wrapper keeps its line. */
const FRAMES = 3;

/** A URL with a scheme and an authority; anything else (`http:foo` too) is resolved against the base URL. */
const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Notes the caller of fetch or XHR send; the page hook's batch formats the stack when it sends. A relative URL
 * travels with the document's base URL and is resolved in the worker, off the page's call.
 */
function note(post: Post, url: string, method: string, above: (...args: never[]) => unknown): void {
  try {
    const initiator: RequestInitiator = { type: 'initiator', url, method: method.toUpperCase() };
    if (!ABSOLUTE.test(url)) initiator.base = baseUrl();
    post(initiator, captureCallerStack(above, FRAMES));
  } catch {
    // An odd URL or a frozen page must not break the request.
  }
}

export function watchRequestInitiators(post: Post): void {
  const originalFetch = window.fetch;
  if (typeof originalFetch === 'function') {
    const fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = input instanceof Request ? input : undefined;
      note(post, request ? request.url : String(input), init?.method ?? request?.method ?? 'GET', fetch);
      return originalFetch.call(this, input, init);
    };
    Object.defineProperty(fetch, 'name', { value: 'fetch' });
    window.fetch = fetch as typeof window.fetch;
  }
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const opened = new WeakMap<XMLHttpRequest, [string, string]>();
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: unknown[]
  ) {
    opened.set(this, [String(url), method]);
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
  const sendAndNote = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const request = opened.get(this);
    if (request) note(post, request[0], request[1], sendAndNote);
    return send.call(this, body);
  };
  XMLHttpRequest.prototype.send = sendAndNote;
}
