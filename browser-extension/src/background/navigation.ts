import type { CaptureEvent } from '../../../src/shared/protocol';
import { forgetTab, setTab, tabInfo } from './tabsState';

type Emit = (events: CaptureEvent[], tabId: number) => void;

/**
 * Each main-frame navigation starts a page load (its id is Chrome's documentId, which content-script
 * messages carry too) and reports the current URL; SPA route changes, fragments and tab switches report it as well.
 */
export function watchNavigation(emit: Emit, onCommitted: (tabId: number, pageLoadId: string) => void): void {
  chrome.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId !== 0) return;
    const pageLoadId = details.documentId ?? `${details.tabId}-${Math.round(details.timeStamp)}`;
    setTab(details.tabId, { url: details.url, pageLoadId, title: undefined });
    emit(
      [
        {
          type: 'page-navigated',
          url: details.url,
          tabId: details.tabId,
          pageLoadId,
          timestamp: Math.round(details.timeStamp),
        },
      ],
      details.tabId,
    );
    onCommitted(details.tabId, pageLoadId);
  });
  // pushState and replaceState, then a fragment alone (a link to #id, `location.hash`), which is no history state.
  const moved =
    (source: string) =>
    (details: { frameId: number; tabId: number; url: string }): void => {
      if (details.frameId !== 0) return;
      setTab(details.tabId, { url: details.url });
      emit([currentUrl(details.tabId, source)], details.tabId);
    };
  chrome.webNavigation.onHistoryStateUpdated.addListener(moved('history'));
  chrome.webNavigation.onReferenceFragmentUpdated.addListener(moved('fragment'));
  chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (!change.title || !tab.url) return;
    setTab(tabId, { url: tab.url, title: change.title });
    emit([currentUrl(tabId, 'title')], tabId);
  });
  chrome.tabs.onActivated.addListener(({ tabId }) => {
    if (tabInfo(tabId)) emit([currentUrl(tabId, 'tab-activated')], tabId);
  });
  chrome.tabs.onRemoved.addListener(forgetTab);
}

function currentUrl(tabId: number, source: string): CaptureEvent {
  const tab = tabInfo(tabId)!;
  return { type: 'current-url', url: tab.url, title: tab.title, tabId, source, timestamp: Date.now() };
}
