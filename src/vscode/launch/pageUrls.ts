/** The pages Launch Browser offers and the URLs people type: plain functions, no editor needed. */

/** The part of a page load these need. */
export interface PageUrlSource {
  url: string;
}

/** Web pages only: the browser extension captures http(s) pages, not chrome:// or file: ones. */
function isWebPage(url: string): boolean {
  return /^https?:\/\//.test(url);
}

/** The newest distinct page URLs first, at most `limit`. */
export function recentPageUrls(pageLoads: Iterable<PageUrlSource>, limit = 8): string[] {
  const urls = [...pageLoads].map((load) => load.url).filter(isWebPage);
  return [...new Set(urls.reverse())].slice(0, limit);
}

/** `localhost:5173` → `http://localhost:5173`; anything with a scheme stays. */
export function withScheme(typed: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(typed) && !/^localhost:/i.test(typed) ? typed : `http://${typed}`;
}

/** Whether what the user typed is an address (a scheme, a port, a path or a dot), not a filter word. */
function looksLikeAddress(typed: string): boolean {
  return /[:/.]/.test(typed);
}

/**
 * The URL Launch Browser opens on Enter. The quick pick keeps an item selected while it matches the text
 * only partly (typing `localhost:5173/admin` still highlights `http://localhost:5173/`), so an address
 * the user typed wins unless it is that item; a filter word (`5173`) takes the highlighted item.
 */
export function acceptedUrl(typed: string, highlighted: string | undefined): string | undefined {
  const text = typed.trim();
  if (!text) return highlighted;
  const address = withScheme(text);
  if (highlighted === undefined) return address;
  if (!looksLikeAddress(text) || sameUrl(address, highlighted)) return highlighted;
  return address;
}

function sameUrl(left: string, right: string): boolean {
  const normal = (url: string) => url.replace(/\/$/, '').toLowerCase();
  return normal(left) === normal(right);
}
