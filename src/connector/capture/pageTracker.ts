import type { StoredCurrentUrl, StoredPageNavigated } from '../../shared/protocol';

export const UNKNOWN_PAGE_LOAD = 'unknown';

export interface CurrentPage {
  url: string;
  tabId?: number;
  title?: string;
  source?: string;
  pageLoadId: string;
  updatedAt: number;
}

/**
 * Which page load each tab is on, and the page last reported (by any tab and per tab), from the
 * page-navigated and current-url captures: what stamps every other capture with its page load.
 */
export class PageTracker {
  private readonly pageLoadByTab = new Map<number, string>();
  private lastPageLoad = UNKNOWN_PAGE_LOAD;
  private page: CurrentPage | undefined;
  private readonly pageByTab = new Map<number, CurrentPage>();

  get currentPage(): CurrentPage | undefined {
    return this.page;
  }

  /** The page one tab last reported (an agent's own tab, not whichever tab reported last). */
  pageOf(tabId: number): CurrentPage | undefined {
    return this.pageByTab.get(tabId);
  }

  /** The tab's current page load, or the last one seen when the tab is unknown. */
  pageLoadFor(tabId: number | undefined): string {
    return (tabId !== undefined && this.pageLoadByTab.get(tabId)) || this.lastPageLoad;
  }

  track(entry: StoredPageNavigated | StoredCurrentUrl): void {
    if (entry.type === 'page-navigated') {
      this.lastPageLoad = entry.pageLoadId;
      if (entry.tabId !== undefined) this.pageLoadByTab.set(entry.tabId, entry.pageLoadId);
    }
    this.page = {
      url: entry.url,
      tabId: entry.tabId,
      title: entry.title ?? (this.page?.tabId === entry.tabId ? this.page?.title : undefined),
      source: entry.type === 'current-url' ? entry.source : 'navigation',
      pageLoadId: entry.pageLoadId,
      updatedAt: entry.timestamp,
    };
    if (entry.tabId !== undefined) this.pageByTab.set(entry.tabId, this.page);
  }
}
