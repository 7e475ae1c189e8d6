import type { StoredEntry } from '../../shared/protocol';

const MAX_PAGE_LOADS = 1000;

/**
 * The page each capture came from, which decides whether it may be shared. A network request's
 * own `url` is the resource, so its page comes from its page load (or tab) instead.
 */
export class PageUrls {
  private readonly byPageLoad = new Map<string, string>();
  private readonly byTab = new Map<number, string>();

  /** Learns from page events, then answers the page of `entry`; undefined when it is not known. */
  pageOf(entry: StoredEntry): string | undefined {
    if (entry.type === 'page-navigated' || entry.type === 'current-url') {
      this.remember(entry.pageLoadId, entry.tabId, entry.url);
      return entry.url;
    }
    const tabId = 'tabId' in entry ? entry.tabId : undefined;
    const known = this.byPageLoad.get(entry.pageLoadId) ?? (tabId === undefined ? undefined : this.byTab.get(tabId));
    if (entry.type === 'network-request' || entry.type === 'screenshot') return known;
    return ('url' in entry && typeof entry.url === 'string' ? entry.url : undefined) ?? known;
  }

  /** The URL last seen in a tab, for commands that name one. */
  tabUrl(tabId: number): string | undefined {
    return this.byTab.get(tabId);
  }

  private remember(pageLoadId: string, tabId: number | undefined, url: string): void {
    this.byPageLoad.delete(pageLoadId);
    this.byPageLoad.set(pageLoadId, url);
    if (this.byPageLoad.size > MAX_PAGE_LOADS) this.byPageLoad.delete(this.byPageLoad.keys().next().value!);
    if (tabId !== undefined) this.byTab.set(tabId, url);
  }
}
