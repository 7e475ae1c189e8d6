import { forgetAll, targetTab } from '../targetTab';

/** Brings a tab in scope to the front of its window and focuses that window. */
export async function selectTab(args: { tabId?: unknown }) {
  const tab = await targetTab(typeof args.tabId === 'number' ? args.tabId : Number.NaN);
  await chrome.tabs.update(tab.id!, { active: true });
  await chrome.windows.update(tab.windowId, { focused: true }).catch(() => undefined);
  // The next command must find this tab active even if Chrome's activation event has not reached us yet.
  forgetAll();
  return { tabId: tab.id, url: tab.url, title: tab.title };
}
