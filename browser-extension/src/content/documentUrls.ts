/**
 * The page's address and base URL, read through the DOM's own getters taken when the hook loads, before any
 * page script: `document.URL` and `document.baseURI` can be shadowed by the page's markup (`<img name="URL">`),
 * and `location.href`, which cannot be, costs ten times as much a read (1 µs against 0.1 µs here).
 */
const urlGetter =
  typeof Document === 'function' ? Object.getOwnPropertyDescriptor(Document.prototype, 'URL')?.get : undefined;
const baseGetter =
  typeof Node === 'function' ? Object.getOwnPropertyDescriptor(Node.prototype, 'baseURI')?.get : undefined;
/** Bound now, so a page that later replaces `Function.prototype.call` is not called by our reads. */
const readUrl = urlGetter && Function.prototype.call.bind(urlGetter);
const readBase = baseGetter && Function.prototype.call.bind(baseGetter);

/**
 * The page's URL as last read: it changes only by a navigation in the document, and the Navigation API reports
 * each one (pushState, replaceState, a fragment, back and forward). Read each time where there is no such API.
 * A read in each capture cost the socket workload about as much as the rest of its capture (docs/costs.md).
 */
let lastUrl: string | undefined;
const navigation = (globalThis as { navigation?: EventTarget }).navigation;
const watchesUrl = typeof navigation?.addEventListener === 'function';
if (watchesUrl) navigation!.addEventListener('currententrychange', () => (knownUrl = lastUrl = undefined));

/**
 * The page's URL while it is known not to have changed since it was last read, else undefined: a capture made
 * under this URL can join the one before it with no call (each socket frame checks it).
 */
export let knownUrl: string | undefined;

export function pageUrl(): string {
  if (lastUrl !== undefined) return lastUrl;
  const url = readUrl ? String(readUrl(document)) : location.href;
  if (watchesUrl) knownUrl = lastUrl = url;
  return url;
}

/** What fetch and XHR resolve a relative URL against (`<base href>` included). */
export function baseUrl(): string {
  return readBase ? String(readBase(document)) : location.href;
}
