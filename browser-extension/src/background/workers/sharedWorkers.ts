import { onSessionEnded, onSessionStarted, sessionOpen } from '../debuggerSession';
import { isInScope } from '../scope';
import { settings } from '../settings';
import { heldWorker, meetSharedWorker } from './ownWorkerSessions';
import { PacedScans } from './pacedScans';

/** Scans of one tab start at least this far apart; a request meanwhile waits for the next (one) scan. */
const SCAN_GAP_MS = 200;

const scans = new PacedScans(findSharedWorkers, SCAN_GAP_MS);

/**
 * A page's shared workers are not children of its tab's debugger session: the tab session's auto-attach never
 * reports them (not even with a `shared_worker` filter), and it may not discover or list targets
 * (`Target.setDiscoverTargets` / `getTargets`: "Not allowed"). `chrome.debugger.getTargets()` lists them, as
 * `worker` (service workers too) and with no tab, so while a tab has a debugger session its shared workers are
 * found there: a worker script on the origin of one of the tab's documents, in scope, is attached on its own
 * (ownWorkerSessions.ts checks it is a shared worker) and its console filed under the tab. A shared worker
 * serves every page of its origin, so it is filed under each such tab with a session, as service-worker
 * fetches are. Looked for when the session opens, after each load of the tab's page while it is open, and
 * when a document of the tab constructs a `SharedWorker` (the page hook's signal, sharedWorkerStarted), never
 * per command: each scan is two calls on Chrome's browser thread.
 */
export function listenForSharedWorkers(): void {
  onSessionStarted((tabId) => scans.request(tabId));
  onSessionEnded((tabId) => scans.forget(tabId));
  chrome.debugger.onEvent.addListener((source, method) => {
    if (method === 'Page.loadEventFired' && source.tabId !== undefined && source.sessionId === undefined)
      scans.request(source.tabId);
  });
}

/**
 * A document of the tab (page script, so possibly forged) says it constructed a SharedWorker: the tab is
 * scanned if it has a debugger session open, paced. A forged signal costs at most one scan per gap, and a scan
 * attaches only to workers that pass the checks above, which read what the browser reports, not the page.
 */
export function sharedWorkerStarted(tabId: number): void {
  if (sessionOpen(tabId)) scans.request(tabId);
}

async function findSharedWorkers(tabId: number): Promise<void> {
  const [targets, origins] = await Promise.all([chrome.debugger.getTargets().catch(() => []), documentOrigins(tabId)]);
  for (const target of targets) {
    if (target.type !== 'worker' || heldWorker(target.id)) continue;
    if (!origins.has(originOf(target.url)) || !isInScope(target.url, settings())) continue;
    meetSharedWorker(target.id, target.url, tabId);
  }
}

/** The http(s) origins of the tab's documents (top page and frames), as the browser reports them. */
async function documentOrigins(tabId: number): Promise<Set<string>> {
  const frames = (await chrome.webNavigation.getAllFrames({ tabId }).catch(() => null)) ?? [];
  return new Set(frames.map((frame) => originOf(frame.url)).filter((origin) => origin !== ''));
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : '';
  } catch {
    return '';
  }
}
