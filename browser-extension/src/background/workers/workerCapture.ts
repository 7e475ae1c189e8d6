import { actionSession, openSession } from '../actions/actionSession';
import { isTabCaptured } from '../scope';
import { onSettingsChanged, settings } from '../settings';

/** The tab session's pin that keeps it attached for worker capture (actionSession.ts `pin`). */
const PIN = 'worker-capture';

/**
 * Tabs whose current page has had its say, by the id of that page's document (the top frame's, as the browser
 * reports it): its first Worker signal opened (or pinned) the tab's debugger session. Until the tab commits
 * another document or closes, later signals do nothing, so a page (whose signal page script can forge) causes
 * at most one attach of its own tab, however many workers it starts. Keyed by document, not by order of
 * events: a new page's signal may reach us before the commit event that ends the old page's claim.
 */
const claimed = new Map<number, string>();
/** Tabs whose top document is being looked up for a signal: signals meanwhile are the same page's. */
const asking = new Set<number>();

/**
 * Opt-in capture of dedicated workers' consoles (setting `captureWorkerConsoles`, off by default). A content
 * script cannot run in a worker, so its console is read over CDP (workerConsole.ts), which needs the tab's
 * debugger session: when the page hook signals `new Worker(...)`, the tab's one session (the one agents act
 * through) is opened if none is, and pinned against the idle detach while the page lives. Its auto-attach then
 * reaches the page's workers, and Runtime.enable replays what they logged before the attach. Let go (the pin
 * removed, so the session idles out unless an agent still acts) when the page navigates away, the tab closes or
 * the setting is turned off. Tabs that already run workers when the setting is turned on are not attached: the
 * page's next Worker (or a reload) is the signal.
 */
export function listenForWorkerCapture(): void {
  chrome.webNavigation.onCommitted.addListener((details) => {
    if (details.frameId === 0 && claimed.get(details.tabId) !== details.documentId) release(details.tabId);
  });
  chrome.tabs.onRemoved.addListener((tabId) => claimed.delete(tabId));
  onSettingsChanged((next) => {
    if (!next.captureWorkerConsoles) for (const tabId of [...claimed.keys()]) release(tabId);
  });
}

/** A document of the tab (page script, so possibly forged) says it constructed a dedicated Worker. */
export function workerStarted(tabId: number): void {
  if (!settings().captureWorkerConsoles || asking.has(tabId)) return;
  asking.add(tabId);
  void claim(tabId);
}

async function claim(tabId: number): Promise<void> {
  // The top document and its URL as the browser reports them, not the page's word.
  const top = await chrome.webNavigation.getFrame({ tabId, frameId: 0 }).catch(() => null);
  asking.delete(tabId);
  const documentId = top?.documentId;
  if (!top || !documentId || claimed.get(tabId) === documentId) return;
  claimed.set(tabId, documentId);
  // Only tabs in scope (and locked, when tabs are locked) attach.
  if (!isTabCaptured(tabId, top.url, settings())) return;
  // Refused (DevTools' own debugger, another debugging extension): capture waits, as it did before.
  const session = await actionSession(tabId).catch(() => undefined);
  // Released while attaching (navigated, closed, setting off): the session idles out like an agent's.
  if (session && claimed.get(tabId) === documentId && settings().captureWorkerConsoles) session.pin(PIN);
}

function release(tabId: number): void {
  claimed.delete(tabId);
  openSession(tabId)?.unpin(PIN);
}
