import { CommandError } from './commandError';
import { waitForLoad } from './loadWait';
import { isInScope, outOfScopeMessage } from './scope';
import { settings } from './settings';
import { targetTab } from './targetTab';

/** Navigates the target tab and waits for `load` (default) or `domcontentloaded`. Only to pages in scope. */
export async function navigate(args: { url?: unknown; waitUntil?: unknown; tabId?: number }) {
  if (typeof args.url !== 'string')
    throw new CommandError('INVALID_ARGUMENT', 'Give the address to open as `url`, e.g. http://localhost:5173/.');
  if (!isInScope(args.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(args.url));
  const waitUntil = args.waitUntil === 'domcontentloaded' ? 'domcontentloaded' : 'load';
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  await waitForLoad(tabId, waitUntil, () => chrome.tabs.update(tabId, { url: args.url as string }));
  const after = await chrome.tabs.get(tabId);
  return { tabId, url: after.url, title: after.title, waitUntil };
}

export async function currentUrl(args: { tabId?: number }) {
  const tab = await targetTab(args.tabId);
  return { tabId: tab.id, url: tab.url, title: tab.title };
}

/** Candidate tabs: every http(s) tab, with whether it is in scope and locked. */
export async function listTabs() {
  const { lockedTabs } = settings();
  const tabs = await chrome.tabs.query({});
  return {
    tabs: tabs
      .filter((tab) => tab.id !== undefined && /^https?:/.test(tab.url ?? ''))
      .map((tab) => ({
        id: tab.id!,
        url: tab.url!,
        title: tab.title ?? '',
        active: tab.active,
        windowId: tab.windowId,
        inScope: isInScope(tab.url, settings()),
        locked: lockedTabs.includes(tab.id!),
      })),
  };
}

/** Cookies of a URL in scope, for audits of the page as the logged-in user sees it. */
export async function cookiesFor(args: { url?: unknown }) {
  if (typeof args.url !== 'string') throw new CommandError('INVALID_ARGUMENT', 'Give the page address as `url`.');
  if (!isInScope(args.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(args.url));
  const cookies = await chrome.cookies.getAll({ url: args.url });
  return {
    cookies: cookies.map(({ name, value, domain, path, secure, httpOnly, sameSite, expirationDate }) => ({
      name,
      value,
      domain,
      path,
      secure,
      httpOnly,
      sameSite,
      expirationDate,
    })),
  };
}
