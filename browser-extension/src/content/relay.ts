/**
 * Runs in the extension's isolated world: hands the page hook's captures, the page's resource timings
 * and (opted in) bodies to the service worker over a port.
 */
import {
  BODY_EVENT,
  CAPTURE_EVENT,
  CAPTURE_PORT,
  SHARED_WORKER_EVENT,
  WORKER_EVENT,
  type CapturedBody,
  type RelayMessage,
  type ResourceTiming,
} from '../common/messages';
import { observeVitals } from './webVitals';

let port: chrome.runtime.Port | undefined;

/** The service worker may have restarted: reconnect on demand. */
function send(message: RelayMessage): void {
  if (!port) {
    port = chrome.runtime.connect({ name: CAPTURE_PORT });
    port.onDisconnect.addListener(() => (port = undefined));
  }
  try {
    port.postMessage(message);
  } catch {
    port = undefined;
    send(message);
  }
}

/**
 * The page hook holds its captures for a moment and sends them as one batch. Batches that come in one task (a
 * page logging in a tight loop fills one every 200 captures) cross the port together at the task's end, and
 * resource timings (observed here) wait for the next batch, or at most TIMINGS_HOLD_MS: each port message costs
 * the page's thread a fixed price (the extension port serialises it again). A page that fetches sends a batch
 * at most 25 ms after each call (its initiator), so its timings mostly ride along. The worker waits 300 ms
 * for a request's timing. When the page is hidden, nothing waits.
 */
const TIMINGS_HOLD_MS = 50;
/** Held batches are sent before they pass this many characters together (one batch alone may be larger). */
const HOLD_CHARS = 1_000_000;
let heldCaptures: string[] = [];
let heldChars = 0;
let heldTimings: ResourceTiming[] = [];
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let sendQueued = false;
let hidden = false;

/** A page going away, or a background tab (whose timers the browser slows to a second): nothing waits. */
const nothingWaits = () => hidden || document.visibilityState === 'hidden';

/** One port message: the held batches (each a JSON array, read by the worker as one, in order) and timings. */
function sendHeld(): void {
  if (holdTimer !== undefined) clearTimeout(holdTimer);
  holdTimer = undefined;
  sendQueued = false;
  if (!heldCaptures.length && !heldTimings.length) return;
  const json =
    heldCaptures.length === 1
      ? heldCaptures[0]!
      : `[${heldCaptures
          .map((batch) => batch.slice(1, -1))
          .filter(Boolean)
          .join(',')}]`;
  send(heldTimings.length ? { kind: 'captures', json, timings: heldTimings } : { kind: 'captures', json });
  heldCaptures = [];
  heldChars = 0;
  heldTimings = [];
}

/** A batch joins others only when it is a JSON array (what the page hook sends); anything else goes alone. */
function holdCaptures(json: string): void {
  if (!(json.startsWith('[') && json.endsWith(']'))) return send({ kind: 'captures', json });
  if (heldChars + json.length > HOLD_CHARS) sendHeld();
  heldCaptures.push(json);
  heldChars += json.length;
  if (nothingWaits()) sendHeld();
  else if (!sendQueued) {
    sendQueued = true;
    queueMicrotask(sendHeld);
  }
}

function holdTimings(timings: ResourceTiming[]): void {
  heldTimings.push(...timings);
  if (nothingWaits()) sendHeld();
  else holdTimer ??= setTimeout(sendHeld, TIMINGS_HOLD_MS);
}

/** Resource timing is what the page itself knows: dns, connect, request, response phases. */
function observeTimings(): void {
  const toTiming = (entry: PerformanceResourceTiming): ResourceTiming => ({
    url: entry.name,
    startTime: Math.round(performance.timeOrigin + entry.startTime),
    dns: Math.max(0, entry.domainLookupEnd - entry.domainLookupStart),
    connect: Math.max(0, entry.connectEnd - entry.connectStart),
    // The page cannot tell sending from waiting; the whole request-to-first-byte time is `wait`.
    send: 0,
    wait: Math.max(0, entry.responseStart - entry.requestStart),
    receive: Math.max(0, entry.responseEnd - entry.responseStart),
    transferSize: entry.transferSize,
    encodedBodySize: entry.encodedBodySize,
  });
  new PerformanceObserver((list) => {
    const timings = (list.getEntries() as PerformanceResourceTiming[]).map(toTiming);
    if (timings.length) holdTimings(timings);
  }).observe({ type: 'resource', buffered: true });
}

function relayPageEvents(): void {
  /** The hook already batches; its JSON goes on unparsed, so the page's thread does no more work here. */
  window.addEventListener(CAPTURE_EVENT, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail === 'string') holdCaptures(detail);
  });
  // The page hook flushes its last batch on pagehide too; whichever listener runs first, nothing waits.
  window.addEventListener('pagehide', () => {
    hidden = true;
    sendHeld();
  });
  window.addEventListener('pageshow', () => (hidden = false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendHeld();
  });

  window.addEventListener(BODY_EVENT, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    try {
      send({ kind: 'bodies', bodies: [JSON.parse(detail) as CapturedBody] });
    } catch {
      // A page posting junk on our event name gets nothing.
    }
  });
}

/**
 * The page hook's word that the page constructed a SharedWorker (or a dedicated Worker) goes on to the worker,
 * which looks for the tab's shared workers (or, with worker capture on, opens the tab's session). Page script
 * can send the events too: one message per kind per task at most, however often they come (the worker paces
 * its work in turn).
 */
function relayWorkerSignals(): void {
  for (const [eventName, kind] of [
    [SHARED_WORKER_EVENT, 'shared-worker'],
    [WORKER_EVENT, 'worker'],
  ] as const) {
    let queued = false;
    window.addEventListener(eventName, () => {
      if (queued) return;
      queued = true;
      setTimeout(() => {
        queued = false;
        send({ kind });
      });
    });
  }
}

/**
 * Once per page in this extension's isolated world, however often the worker injects it into an open
 * tab. A relay left from before the extension was reloaded has a dead runtime: this one replaces it.
 */
function claimRelay(): boolean {
  const scope = globalThis as unknown as { __browserDebugRelay?: () => boolean };
  if (scope.__browserDebugRelay?.()) return false;
  scope.__browserDebugRelay = () => {
    try {
      return Boolean(chrome.runtime?.id);
    } catch {
      return false;
    }
  };
  return true;
}

/** Tells the worker which service worker controls this page, so the worker's own fetches are filed under this tab. */
function reportController(): void {
  const container = navigator.serviceWorker;
  if (!container) return;
  const report = () => {
    const scriptUrl = container.controller?.scriptURL;
    if (scriptUrl) send({ kind: 'controller', scriptUrl });
  };
  report();
  container.addEventListener('controllerchange', report);
}

if (claimRelay()) {
  relayPageEvents();
  relayWorkerSignals();
  observeTimings();
  // Web Vitals are the page's: a subframe measuring them too would only multiply the work.
  if (window === window.top) {
    observeVitals(send);
    reportController();
  }
}
