import { CommandError } from './commandError';
import { isInScope, outOfScopeMessage } from './scope';
import { settings } from './settings';

/**
 * Which tab a command acts on: an explicit tabId, else the locked tab, else the active tab of the
 * last focused window. A tab outside the scope is refused.
 */
export async function targetTab(tabId?: number): Promise<chrome.tabs.Tab> {
  const { lockedTabs } = settings();
  let tab: chrome.tabs.Tab | undefined;
  if (tabId !== undefined) {
    tab = await chrome.tabs.get(tabId).catch(() => undefined);
    if (!tab) throw new CommandError('TAB_NOT_FOUND', `No tab with id ${tabId}. List tabs to see the ids.`);
    if (lockedTabs.length && !lockedTabs.includes(tabId))
      throw new CommandError(
        'TAB_NOT_LOCKED',
        `Capture is locked to tab ${lockedTabs.join(', ')}; unlock it in the extension popup to use tab ${tabId}.`,
      );
  } else if (lockedTabs.length) {
    tab = await chrome.tabs.get(lockedTabs[0]!).catch(() => undefined);
    if (!tab)
      throw new CommandError('TAB_NOT_FOUND', 'The locked tab was closed. Lock another one in the extension popup.');
  } else {
    [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    tab ??= (await chrome.tabs.query({ active: true }))[0];
    if (!tab) throw new CommandError('TAB_NOT_FOUND', 'No active tab. Open your app in Chrome.');
  }
  if (!isInScope(tab.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(tab.url));
  return tab;
}
