import type { CaptureContext } from '../../../../src/shared/captureContext';
import { debuggerStats } from '../debuggerSession';

/**
 * Shared and service workers are not a page's children: Chrome refuses Runtime on them from the tab's session
 * ("Not allowed"), but lets an extension attach to one by its target id. While a tab has a debugger session (an
 * action, a snapshot, a mock: the "being debugged" bar is up already), each shared or service worker its
 * session auto-attaches is also attached on its own (`chrome.debugger.attach({targetId})`) with Runtime on, which
 * replays what it logged before. Its console is filed under every tab that saw it. When the last of those tabs'
 * sessions ends, the worker is let go too, so capture alone never attaches.
 */
interface OwnWorker {
  context: CaptureContext;
  /** The tabs whose sessions met it: its captures go to each. */
  tabs: Set<number>;
  /** Resolves once the attach is settled: true if attached (and counted in debuggerStats.workers), false if refused. */
  ready: Promise<boolean>;
}

const workers = new Map<string, OwnWorker>();

/** A tab's session met a shared or service worker: attach to it by target id, once, and file its console under the tab. */
export function meetWorker(targetId: string, context: CaptureContext, tabId: number): void {
  const known = workers.get(targetId);
  if (known) return void known.tabs.add(tabId);
  const debuggee = { targetId };
  const ready = chrome.debugger.attach(debuggee, '1.3').then(
    () => {
      debuggerStats.workers++;
      return chrome.debugger.sendCommand(debuggee, 'Runtime.enable').then(
        () => true,
        () => true,
      );
    },
    () => false,
  );
  workers.set(targetId, { context, tabs: new Set([tabId]), ready });
}

/** The worker an event came from, with the tabs to file it under; undefined for any other debuggee. */
export function ownWorker(targetId: string | undefined): { context: CaptureContext; tabs: number[] } | undefined {
  const worker = targetId === undefined ? undefined : workers.get(targetId);
  return worker && { context: worker.context, tabs: [...worker.tabs] };
}

/** A debugger session ended: a tab's (its workers lose that tab, and go when no tab is left) or a worker's own. */
export function sessionEnded(source: chrome.debugger.Debuggee): void {
  if (source.targetId !== undefined) {
    // Chrome let go of it (the worker stopped, DevTools took it): a later session meets it again.
    const gone = workers.get(source.targetId);
    workers.delete(source.targetId);
    return void gone?.ready.then((attached) => attached && debuggerStats.workers--);
  }
  if (source.tabId === undefined) return;
  for (const [targetId, worker] of workers) {
    if (!worker.tabs.delete(source.tabId) || worker.tabs.size) continue;
    workers.delete(targetId);
    void worker.ready.then((attached) => {
      if (!attached) return;
      debuggerStats.workers--;
      return chrome.debugger.detach({ targetId }).catch(() => undefined);
    });
  }
}
