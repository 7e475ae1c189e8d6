import type { CaptureContext } from '../../../../src/shared/captureContext';
import { debuggerStats } from '../debuggerSession';

/**
 * Shared and service workers are not a page's children: Chrome refuses Runtime on them from the tab's session
 * ("Not allowed"), but lets an extension attach to one by its target id. While a tab has a debugger session (an
 * action, a snapshot, a mock: the "being debugged" bar is up already), each shared or service worker its
 * session auto-attaches is also attached on its own (`chrome.debugger.attach({targetId})`) with Runtime on, which
 * replays what it logged before; so is each shared worker of the tab's origins (sharedWorkers.ts finds them, as a
 * tab session does not meet them). Its console is filed under every tab that saw it. When the last of those tabs'
 * sessions ends, the worker is let go too, so capture alone never attaches.
 */
interface OwnWorker {
  context: CaptureContext;
  /** The tabs whose sessions met it: its captures go to each. */
  tabs: Set<number>;
  /** Resolves once the attach is settled: true if attached (and counted in debuggerStats.workers), false if refused. */
  ready: Promise<boolean>;
  /** Met as a tab session's child, which names its kind; a worker found by scanning is checked first. */
  known: boolean;
}

const workers = new Map<string, OwnWorker>();

/** A tab's session met a shared or service worker: attach to it by target id, once, and file its console under the tab. */
export function meetWorker(targetId: string, context: CaptureContext, tabId: number): void {
  const known = workers.get(targetId);
  if (known) {
    // A child's own report of its kind wins over a scan's guess.
    known.context = context;
    known.known = true;
    return void known.tabs.add(tabId);
  }
  workers.set(targetId, { context, tabs: new Set([tabId]), ready: attachOwn(targetId), known: true });
}

/**
 * A worker found in `chrome.debugger.getTargets()` (which names shared and service workers both `worker`) that
 * may be one of the tab's shared workers: attached like the others, then kept only if Chrome names it a shared
 * worker (`Target.getTargetInfo` in its own session), or a tab session met it meanwhile.
 */
export function meetSharedWorker(targetId: string, url: string, tabId: number): void {
  const held = workers.get(targetId);
  if (held) return void held.tabs.add(tabId);
  const context: CaptureContext = { kind: 'shared_worker', url };
  const worker: OwnWorker = { context, tabs: new Set([tabId]), known: false, ready: Promise.resolve(false) };
  worker.ready = attachOwn(targetId, (type) => type === 'shared_worker' || worker.known);
  workers.set(targetId, worker);
  void worker.ready.then((kept) => {
    if (kept || workers.get(targetId) !== worker) return;
    // A tab session met it while the check was letting it go: attach again, as that session would have.
    if (worker.known) worker.ready = attachOwn(targetId);
    else workers.delete(targetId);
  });
}

/** Attaches to a worker by target id with Runtime on; with `keep`, only if it accepts Chrome's kind for it (else let go). */
async function attachOwn(targetId: string, keep?: (type: string | undefined) => boolean): Promise<boolean> {
  const debuggee = { targetId };
  try {
    await chrome.debugger.attach(debuggee, '1.3');
  } catch {
    return false;
  }
  if (
    keep &&
    !keep(targetType(await chrome.debugger.sendCommand(debuggee, 'Target.getTargetInfo').catch(() => undefined)))
  ) {
    await chrome.debugger.detach(debuggee).catch(() => undefined);
    return false;
  }
  debuggerStats.workers++;
  await chrome.debugger.sendCommand(debuggee, 'Runtime.enable').catch(() => undefined);
  return true;
}

/** `targetInfo.type` of a `Target.getTargetInfo` answer. */
function targetType(answer: unknown): string | undefined {
  const info = answer && typeof answer === 'object' && 'targetInfo' in answer ? answer.targetInfo : undefined;
  const type = info && typeof info === 'object' && 'type' in info ? info.type : undefined;
  return typeof type === 'string' ? type : undefined;
}

/** Whether a worker with this target id is held (or being attached) already. */
export function heldWorker(targetId: string): boolean {
  return workers.has(targetId);
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
