import { CommandError } from '../commandError';
import { waitForLoad } from '../loadWait';
import { targetTab } from '../targetTab';

const START: Record<string, (tabId: number) => Promise<unknown>> = {
  back: (tabId) => chrome.tabs.goBack(tabId),
  forward: (tabId) => chrome.tabs.goForward(tabId),
  reload: (tabId) => chrome.tabs.reload(tabId),
};

/** Back, forward or reload in the target tab, answered once the page it lands on fired `load`. */
export async function navigateHistory(args: { action?: unknown; tabId?: number }) {
  const action = String(args.action);
  const start = Object.hasOwn(START, action) ? START[action] : undefined;
  if (!start) throw new CommandError('INVALID_ARGUMENT', 'Give `action` as back, forward or reload.');
  const tabId = (await targetTab(args.tabId)).id!;
  await waitForLoad(tabId, 'load', () =>
    start(tabId).catch((error: Error) => {
      // Chrome: "Cannot find a next page in history."
      if (/history/i.test(error.message))
        throw new CommandError(
          'NO_HISTORY',
          `There is no page to go ${action} to in this tab's history. Use navigate_to_url instead.`,
        );
      throw error;
    }),
  );
  const after = await chrome.tabs.get(tabId);
  return { tabId, url: after.url, title: after.title };
}
