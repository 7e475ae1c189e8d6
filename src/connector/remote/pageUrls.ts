import type { StoredEntry } from '../../shared/protocol';

const MAX_PAGE_LOADS = 1000;

/**
 * The page each capture came from, which decides whether it may be shared. A network request's
 * own `url` is the resource, so its page comes from its page load (or tab) instead.
 */
export class PageUrls {
  private readonly byPageLoad = new Map<string, { url: string; tabId?: number }>();
  private readonly byTab = new Map<number, string>();

  /** Learns from page events, then answers the page of `entry`; undefined when it is not known. */
  pageOf(entry: StoredEntry): string | undefined {
    if (entry.type === 'page-navigated') {
      this.remember(entry.pageLoadId, entry.tabId, entry.url);
      return entry.url;
    }
    if (entry.type === 'current-url') {
      // Its page load is stamped by the store and may be another tab's: trust only the tab.
      if (entry.tabId !== undefined) this.byTab.set(entry.tabId, entry.url);
      return entry.url;
    }
    const tabId = 'tabId' in entry ? entry.tabId : undefined;
    const load = this.byPageLoad.get(entry.pageLoadId);
    // A page load seen in another tab says nothing about this capture.
    const fromLoad =
      load && (tabId === undefined || load.tabId === undefined || load.tabId === tabId) ? load.url : undefined;
    const known = fromLoad ?? (tabId === undefined ? undefined : this.byTab.get(tabId));
    if (entry.type === 'network-request' || entry.type === 'screenshot') return known;
    return ('url' in entry && typeof entry.url === 'string' ? entry.url : undefined) ?? known;
  }

  private remember(pageLoadId: string, tabId: number | undefined, url: string): void {
    this.byPageLoad.delete(pageLoadId);
    this.byPageLoad.set(pageLoadId, { url, tabId });
    if (this.byPageLoad.size > MAX_PAGE_LOADS) this.byPageLoad.delete(this.byPageLoad.keys().next().value!);
    if (tabId !== undefined) this.byTab.set(tabId, url);
  }
}
