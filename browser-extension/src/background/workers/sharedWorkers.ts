import { onSessionStarted, onSessionUsed } from '../debuggerSession';
import { isInScope } from '../scope';
import { settings } from '../settings';
import { heldWorker, meetSharedWorker } from './ownWorkerSessions';

/**
 * A page's shared workers are not children of its tab's debugger session, and the tab session may not list
 * targets ("Not allowed"). `chrome.debugger.getTargets()` lists them, as `worker` (service workers too) and
 * with no tab, so while a tab has a debugger session its shared workers are found there: a worker script on
 * the origin of one of the tab's documents, in scope, is attached on its own (ownWorkerSessions.ts checks it
 * is a shared worker) and its console filed under the tab. A shared worker serves every page of its origin,
 * so it is filed under each such tab with a session, as service-worker fetches are. Looked for when the
 * session opens, at each command that takes it, and after each load of the tab's page while it is open.
 */
export function listenForSharedWorkers(): void {
  onSessionStarted(scan);
  onSessionUsed(scan);
  chrome.debugger.onEvent.addListener((source, method) => {
    if (method === 'Page.loadEventFired' && source.tabId !== undefined && source.sessionId === undefined)
      scan(source.tabId);
  });
}

/** Tabs being scanned now: a scan asked for meanwhile is not started twice. */
const scanning = new Set<number>();

function scan(tabId: number): void {
  if (scanning.has(tabId)) return;
  scanning.add(tabId);
  void findSharedWorkers(tabId).finally(() => scanning.delete(tabId));
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
