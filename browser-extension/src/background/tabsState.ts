/** What the worker knows of each tab: its URL, title and current page load (the main frame's documentId). */
export interface TabInfo {
  url: string;
  title?: string;
  pageLoadId?: string;
}

const tabs = new Map<number, TabInfo>();

export function tabInfo(tabId: number): TabInfo | undefined {
  return tabs.get(tabId);
}

/** Every tab the worker knows, with what it knows of it. */
export function allTabs(): IterableIterator<[number, TabInfo]> {
  return tabs.entries();
}

export function setTab(tabId: number, info: Partial<TabInfo> & { url: string }): TabInfo {
  const next = { ...tabs.get(tabId), ...info };
  tabs.set(tabId, next);
  return next;
}

export function forgetTab(tabId: number): void {
  tabs.delete(tabId);
}

/** Fills the map from the open tabs when the worker (re)starts. */
export async function primeTabs(): Promise<void> {
  for (const tab of await chrome.tabs.query({})) {
    if (tab.id !== undefined && tab.url) setTab(tab.id, { url: tab.url, title: tab.title });
  }
}
