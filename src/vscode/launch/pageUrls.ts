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
