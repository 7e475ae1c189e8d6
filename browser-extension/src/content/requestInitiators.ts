/**
 * Part of the MAIN-world page hook: notes the page stack that calls fetch or XHR send, so a request
 * can say which line of the app started it. Only the raw stack text is taken here (formatted after the call); the worker parses
 * it and pairs it with the webRequest record by URL and method. A failure never breaks the page's call.
 */
import { INITIATOR_EVENT, type RequestInitiator } from '../common/messages';
import { captureCallerStack, heldStack } from './callerStack';

const pending: RequestInitiator[] = [];
let scheduled = false;

function note(url: string, method: string, above: (...args: never[]) => unknown): void {
  try {
    const initiator: RequestInitiator = { url: new URL(url, location.href).href, method: method.toUpperCase() };
    captureCallerStack(initiator, above);
    pending.push(initiator);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        const batch = pending.splice(0);
        for (const held of batch) held.stackText = heldStack(held);
        window.dispatchEvent(new CustomEvent(INITIATOR_EVENT, { detail: JSON.stringify(batch) }));
      });
    }
  } catch {
    // An odd URL or a frozen page must not break the request.
  }
}

export function watchRequestInitiators(): void {
  const originalFetch = window.fetch;
  if (typeof originalFetch === 'function') {
    const fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = input instanceof Request ? input : undefined;
      note(request ? request.url : String(input), init?.method ?? request?.method ?? 'GET', fetch);
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
    if (request) note(request[0], request[1], sendAndNote);
    return send.call(this, body);
  };
  XMLHttpRequest.prototype.send = sendAndNote;
}
