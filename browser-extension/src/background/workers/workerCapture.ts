import { actionSession, openSession } from '../actions/actionSession';
import { isTabCaptured } from '../scope';
import { onSettingsChanged, settings } from '../settings';

/** The tab session's pin that keeps it attached for worker capture (actionSession.ts `pin`). */
const PIN = 'worker-capture';

/**
 * Tabs whose current page has had its say: its first Worker signal opened (or pinned) the tab's debugger
 * session. Until the page navigates away or the tab closes, later signals do nothing, so a page (whose signal
 * page script can forge) causes at most one attach of its own tab, however many workers it starts.
 */
const claimed = new Set<number>();

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
    if (details.frameId === 0) release(details.tabId);
  });
  chrome.tabs.onRemoved.addListener((tabId) => claimed.delete(tabId));
  onSettingsChanged((next) => {
    if (!next.captureWorkerConsoles) for (const tabId of [...claimed]) release(tabId);
  });
}

/** A document of the tab (page script, so possibly forged) says it constructed a dedicated Worker. */
export function workerStarted(tabId: number): void {
  if (!settings().captureWorkerConsoles || claimed.has(tabId)) return;
  claimed.add(tabId);
  void hold(tabId);
}

async function hold(tabId: number): Promise<void> {
  // The tab's URL as the browser reports it, not the page's word: only tabs in scope (and locked, if any) attach.
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!isTabCaptured(tabId, tab?.url, settings())) return;
  // Refused (DevTools' own debugger, another debugging extension): capture waits, as it did before.
  const session = await actionSession(tabId).catch(() => undefined);
  // Released while attaching (navigated, closed, setting off): the session idles out like an agent's.
  if (session && claimed.has(tabId) && settings().captureWorkerConsoles) session.pin(PIN);
}

function release(tabId: number): void {
  claimed.delete(tabId);
  openSession(tabId)?.unpin(PIN);
}
