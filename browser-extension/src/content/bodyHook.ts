/**
 * Opt-in ("Capture request and response bodies"): runs in the page's MAIN world and copies fetch and
 * XHR bodies, capped, for the worker to attach to the matching webRequest record. Text bodies only.
 */
import { claimOnce, HOOK_MARKS } from '../common/hookMarks';
import { BODY_EVENT, type CapturedBody } from '../common/messages';
import { baseUrl } from './documentUrls';

const MAX_BODY_CHARS = 32 * 1024;
const TEXTUAL = /json|text|xml|javascript|x-www-form-urlencoded|graphql/i;

function cap(text: string): string {
  return text.length > MAX_BODY_CHARS
    ? `${text.slice(0, MAX_BODY_CHARS)}…[truncated ${text.length - MAX_BODY_CHARS} chars]`
    : text;
}

function describeBody(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return cap(body);
  if (body instanceof URLSearchParams) return cap(body.toString());
  if (body instanceof FormData)
    return cap(
      [...body.entries()]
        .map(([key, value]) => `${key}=${typeof value === 'string' ? value : `[file ${value.name}]`}`)
        .join('&'),
    );
  if (body instanceof Blob) return `[binary ${body.size} bytes]`;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return `[binary ${body.byteLength} bytes]`;
  return undefined;
}

function post(body: CapturedBody): void {
  window.dispatchEvent(new CustomEvent(BODY_EVENT, { detail: JSON.stringify(body) }));
}

function patchFetch(): void {
  const originalFetch = window.fetch;
  window.fetch = async function (input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), baseUrl()).href;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const requestBody = describeBody(init?.body);
    const response = await originalFetch.call(this, input, init);
    const type = response.headers.get('content-type') ?? '';
    if (TEXTUAL.test(type)) {
      response
        .clone()
        .text()
        .then((text) => post({ url: response.url || url, method, requestBody, responseBody: cap(text) }))
        .catch(() => undefined);
    } else post({ url: response.url || url, method, requestBody, responseBody: type ? `[${type}]` : undefined });
    return response;
  };
}

function patchXhr(): void {
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const requests = new WeakMap<XMLHttpRequest, { url: string; method: string }>();
  XMLHttpRequest.prototype.open = function (
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
    ...rest: unknown[]
  ) {
    requests.set(this, { method: method.toUpperCase(), url: new URL(String(url), baseUrl()).href });
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const request = requests.get(this);
    if (request) {
      const requestBody = describeBody(body);
      this.addEventListener('loadend', () => {
        let responseBody: string | undefined;
        if (this.responseType === '' || this.responseType === 'text') responseBody = cap(this.responseText);
        else if (this.responseType === 'json') responseBody = cap(JSON.stringify(this.response));
        post({ url: this.responseURL || request.url, method: request.method, requestBody, responseBody });
      });
    }
    return send.call(this, body);
  };
}

// Injected into open tabs too (when bodies are turned on): patch once per page.
if (claimOnce(HOOK_MARKS.bodyHook)) {
  patchFetch();
  patchXhr();
}
