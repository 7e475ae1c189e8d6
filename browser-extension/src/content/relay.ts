/**
 * Runs in the extension's isolated world: hands the page hook's captures, the page's resource timings
 * and (opted in) bodies to the service worker over a port.
 */
import {
  BODY_EVENT,
  CAPTURE_EVENT,
  CAPTURE_PORT,
  INITIATOR_EVENT,
  type CapturedBody,
  type RelayMessage,
  type RequestInitiator,
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
 * Captures and timings wait a moment and cross the port together: each port message costs the page's thread
 * a fixed price (the extension port serialises it again), and a page whose captures come one per task (a
 * WebSocket frame, a fetch's timing) paid it for every one. Initiators and bodies still go at once (the
 * worker pairs them with requests as they finish). When the page is hidden, everything goes at once.
 */
const HOLD_MS = 25;
/** Held batches are sent before they pass this many characters together (one batch alone may be larger). */
const HOLD_CHARS = 1_000_000;
let heldCaptures: string[] = [];
let heldChars = 0;
let heldTimings: ResourceTiming[] = [];
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let hidden = false;

function sendHeld(): void {
  if (holdTimer !== undefined) clearTimeout(holdTimer);
  holdTimer = undefined;
  if (heldTimings.length) send({ kind: 'timings', timings: heldTimings });
  // Each held string is one batch, a JSON array: the worker reads them as one array, in order.
  if (heldCaptures.length === 1) send({ kind: 'captures', json: heldCaptures[0]! });
  else if (heldCaptures.length)
    send({ kind: 'captures', json: `[${heldCaptures.map((json) => json.slice(1, -1)).join(',')}]` });
  heldCaptures = [];
  heldChars = 0;
  heldTimings = [];
}

function hold(): void {
  if (hidden) sendHeld();
  else holdTimer ??= setTimeout(sendHeld, HOLD_MS);
}

/** A batch joins others only when it is a non-empty JSON array (what the page hook sends); anything else goes alone. */
function holdCaptures(json: string): void {
  if (json.length > 2 && json.startsWith('[') && json.endsWith(']')) {
    if (heldChars + json.length > HOLD_CHARS) sendHeld();
    heldCaptures.push(json);
    heldChars += json.length;
    hold();
  } else send({ kind: 'captures', json });
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
    if (!timings.length) return;
    heldTimings.push(...timings);
    hold();
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

  window.addEventListener(BODY_EVENT, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    try {
      send({ kind: 'bodies', bodies: [JSON.parse(detail) as CapturedBody] });
    } catch {
      // A page posting junk on our event name gets nothing.
    }
  });
  window.addEventListener(INITIATOR_EVENT, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    try {
      send({ kind: 'initiators', initiators: JSON.parse(detail) as RequestInitiator[] });
    } catch {
      // A page posting junk on our event name gets nothing.
    }
  });
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

if (claimRelay()) {
  relayPageEvents();
  observeTimings();
  observeVitals(send);
}
