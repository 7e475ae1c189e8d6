import { CommandError } from './commandError';
import { isInScope, outOfScopeMessage } from './scope';
import { settings } from './settings';
import { targetTab } from './targetTab';

const NAVIGATION_TIMEOUT_MS = 30_000;

/** Navigates the target tab and waits for `load` (default) or `domcontentloaded`. Only to pages in scope. */
export async function navigate(args: { url?: unknown; waitUntil?: unknown; tabId?: number }) {
  if (typeof args.url !== 'string') throw new CommandError('INVALID_ARGUMENT', 'Give the address to open as `url`, e.g. http://localhost:5173/.');
  if (!isInScope(args.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(args.url));
  const waitUntil = args.waitUntil === 'domcontentloaded' ? 'domcontentloaded' : 'load';
  const tab = await targetTab(args.tabId);
  const tabId = tab.id!;
  const event = waitUntil === 'load' ? chrome.webNavigation.onCompleted : chrome.webNavigation.onDOMContentLoaded;
  await new Promise<void>((resolve, reject) => {
    // Only the document our navigation commits counts: a late event of the page before must not end the wait.
    let documentId: string | undefined;
    const timer = setTimeout(() => done(new CommandError('TIMEOUT', `The page did not reach '${waitUntil}' within ${NAVIGATION_TIMEOUT_MS / 1000} s.`)), NAVIGATION_TIMEOUT_MS);
    const committed = (details: { tabId: number; frameId: number; documentId?: string }) => {
      if (details.tabId === tabId && details.frameId === 0) documentId = details.documentId;
    };
    const reached = (details: { tabId: number; frameId: number; documentId?: string }) => {
      if (details.tabId === tabId && details.frameId === 0 && documentId !== undefined && details.documentId === documentId) done();
    };
    const failed = (details: { tabId: number; frameId: number; error: string }) => {
      if (details.tabId === tabId && details.frameId === 0 && details.error !== 'net::ERR_ABORTED') done(new CommandError('NAVIGATION_FAILED', `Navigation failed: ${details.error}.`));
    };
    function done(error?: Error) {
      clearTimeout(timer);
      chrome.webNavigation.onCommitted.removeListener(committed);
      event.removeListener(reached);
      chrome.webNavigation.onErrorOccurred.removeListener(failed);
      if (error) reject(error);
      else resolve();
    }
    chrome.webNavigation.onCommitted.addListener(committed);
    event.addListener(reached);
    chrome.webNavigation.onErrorOccurred.addListener(failed);
    chrome.tabs.update(tabId, { url: args.url as string }).catch((error: Error) => done(new CommandError('NAVIGATION_FAILED', error.message)));
  });
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
      .map((tab) => ({ id: tab.id!, url: tab.url!, title: tab.title ?? '', active: tab.active, windowId: tab.windowId, inScope: isInScope(tab.url, settings()), locked: lockedTabs.includes(tab.id!) })),
  };
}

/** Cookies of a URL in scope, for audits of the page as the logged-in user sees it. */
export async function cookiesFor(args: { url?: unknown }) {
  if (typeof args.url !== 'string') throw new CommandError('INVALID_ARGUMENT', 'Give the page address as `url`.');
  if (!isInScope(args.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(args.url));
  const cookies = await chrome.cookies.getAll({ url: args.url });
  return {
    cookies: cookies.map(({ name, value, domain, path, secure, httpOnly, sameSite, expirationDate }) => ({ name, value, domain, path, secure, httpOnly, sameSite, expirationDate })),
  };
}
