import type { Send } from '../debuggerSession';
import type { ActionSession } from './actionSession';

/** The DOM counts as settled after this long without a mutation. */
export const DOM_QUIET_MS = 75;
/** The longest an action waits for the page to settle before it answers. */
export const SETTLE_CAP_MS = 1500;

export interface Settled {
  ms: number;
  /** The main frame navigated (a new document); refs of the old one are gone. */
  navigated: boolean;
  /** The cap was reached with the page still busy. */
  busy: boolean;
}

const TIMER_SLACK_MS = 2;

/** Where the page keeps its DOM watch while an action settles: a symbol, so the page's own names are untouched. */
const WATCH = "Symbol.for('browser-debug.domWatch')";

/**
 * Resolves after `quietMs` without DOM mutations in the page, or after `capMs`. The page only notes when it last
 * changed (a MutationObserver, no timers); the waiting happens here in the worker, since an agent's tab is a
 * background tab, whose page timers Chrome throttles to one wake-up a second (and whose animation frames do not
 * run), so a wait inside the page would take a second. Each CDP round trip passes Chrome's UI thread, the
 * busiest with many agents: a quiet page costs two (install the watch; read it, which also removes it once
 * quiet), and each mutation-busy read one more. Returns the number of round trips.
 */
export async function domQuiet(send: Send, quietMs: number, capMs: number): Promise<number> {
  const deadline = Date.now() + capMs;
  let trips = 0;
  const evaluate = (expression: string) => {
    trips++;
    return send<{ result?: { value?: unknown } }>('Runtime.evaluate', { expression, returnByValue: true });
  };
  let removed = false;
  try {
    await evaluate(`(() => {
      globalThis[${WATCH}]?.observer.disconnect();
      const watch = { last: performance.now(), observer: new MutationObserver(() => { watch.last = performance.now(); }) };
      watch.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      globalThis[${WATCH}] = watch;
    })()`);
    // The watch was just made: the page has been quiet for no time yet.
    for (let quietFor = 0; ;) {
      const wait = Math.min(quietMs - quietFor, deadline - Date.now());
      if (wait <= 0) return trips;
      // A timer may fire a millisecond early by the page's clock: the slack spares a read that would only say so.
      await new Promise((resolve) => setTimeout(resolve, wait + TIMER_SLACK_MS));
      quietFor = Number((await evaluate(readWatch(quietMs))).result?.value);
      // A navigation destroys the context the watch lives in (and the watch with it): that ends the wait too.
      if (!Number.isFinite(quietFor) || quietFor >= quietMs) {
        removed = true;
        return trips;
      }
    }
  } catch {
    return trips;
  } finally {
    if (!removed)
      void evaluate(`globalThis[${WATCH}]?.observer.disconnect(); delete globalThis[${WATCH}];`).catch(() => undefined);
  }
}

/**
 * How long the page has been quiet; once it is `quietMs` or more, the watch is removed in the same evaluation.
 * No watch (a new document) reads as undefined, which ends the wait.
 */
const readWatch = (quietMs: number) => `(() => {
  const watch = globalThis[${WATCH}];
  if (!watch) return undefined;
  const quietFor = performance.now() - watch.last;
  if (quietFor >= ${quietMs}) { watch.observer.disconnect(); delete globalThis[${WATCH}]; }
  return quietFor;
})()`;

/** Resolves once `check` holds after one of `events` (from the page or any child target), or after `capMs`. */
function until(session: ActionSession, check: () => boolean, capMs: number, events: string[]): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const offs = events.flatMap((event) => [
      session.on(event, () => check() && finish()),
      session.targets.on(event, () => check() && finish()),
    ]);
    const timer = setTimeout(finish, capMs);
    function finish() {
      clearTimeout(timer);
      for (const off of offs) off();
      resolve();
    }
  });
}

/**
 * Waits until the page is quiet: no DOM mutation for DOM_QUIET_MS and no request in flight, capped
 * at SETTLE_CAP_MS; a navigation started by the action is waited for until its load. Never a fixed sleep.
 */
export async function settle(
  session: ActionSession,
  navigation: { started: boolean; loaded: boolean },
  startedAt: number,
  earlier: ReadonlySet<string>,
): Promise<Settled> {
  const deadline = startedAt + SETTLE_CAP_MS;
  const left = () => Math.max(0, deadline - Date.now());
  // Requests already pending before the action (a long poll, a stream) are not the action's doing.
  const mine = () => [...session.inFlight].filter((id) => !earlier.has(id));
  const pending = () => mine().length;
  /** Out-of-process iframes whose requests the action started: their DOM is watched too, as it takes the answers. */
  const frames = new Set<string>();
  for (;;) {
    if (navigation.started && !navigation.loaded)
      await until(session, () => navigation.loaded, left(), ['Page.loadEventFired', 'Page.domContentEventFired']);
    if (!left() || session.dialog) break;
    const dialog = session.next('Page.javascriptDialogOpening');
    const quiet = [session.send, ...[...frames].map((id) => session.targets.sender(id))].map((send) =>
      domQuiet(send, DOM_QUIET_MS, left()),
    );
    // With a dialog open the page's script is paused, and the DOM wait would hang until it closes.
    await Promise.race([Promise.all(quiet), dialog.promise]);
    dialog.cancel();
    if (!left() || session.dialog) break;
    if (!pending() && (!navigation.started || navigation.loaded)) break;
    for (const id of mine()) if (id.includes('/')) frames.add(id.slice(0, id.indexOf('/')));
    await until(session, () => pending() === 0, left(), ['Network.loadingFinished', 'Network.loadingFailed']);
  }
  return {
    ms: Date.now() - startedAt,
    navigated: navigation.started,
    busy: left() === 0 && (pending() > 0 || (navigation.started && !navigation.loaded)),
  };
}
