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
 * The page's URL as last read, while it is known not to have changed since, else undefined. It changes only by a
 * navigation in the document, and the Navigation API reports each one (pushState, replaceState, a fragment, back
 * and forward); where there is no such API it stays undefined and the URL is read each time. A read in each
 * capture cost the socket workload about as much as the rest of its capture (docs/costs.md), and a socket frame
 * checks this with no call to join the capture before it.
 */
export let knownUrl: string | undefined;
const navigation = (globalThis as { navigation?: EventTarget }).navigation;
const watchesUrl = typeof navigation?.addEventListener === 'function';
if (watchesUrl) navigation!.addEventListener('currententrychange', () => (knownUrl = undefined));

export function pageUrl(): string {
  if (knownUrl !== undefined) return knownUrl;
  const url = readUrl ? String(readUrl(document)) : location.href;
  if (watchesUrl) knownUrl = url;
  return url;
}

/** What fetch and XHR resolve a relative URL against (`<base href>` included). */
export function baseUrl(): string {
  return readBase ? String(readBase(document)) : location.href;
}
