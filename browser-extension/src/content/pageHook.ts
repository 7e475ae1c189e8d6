/**
 * Runs in the page's own (MAIN) world at document_start, before any page script: wraps the console
 * and listens for uncaught errors. It does as little as it can on the page's thread: the message,
 * the raw stack text, and one JSON string per batch (every 25 ms at most), handed to the isolated relay
 * in a DOM event (objects do not cross between worlds).
 */
import type { StackFrame } from '../../../src/shared/protocol';
import { ATTACHED_NOTE, claimOnce, HOOK_MARKS, takeMark } from '../common/hookMarks';
import { CAPTURE_EVENT, type PageCapture } from '../common/messages';
import { captureCallerStack, heldStack } from './callerStack';
import { watchRequestInitiators } from './requestInitiators';
import { finishFrame, watchWebSockets } from './websockets/socketHook';
import { describe, formatArgs, formatTable, truncate } from './serialize';
import { pageUrl } from './documentUrls';
import { watchWorkers } from './workerHooks';

type Level = 'log' | 'info' | 'warn' | 'error' | 'debug';

const pending: PageCapture[] = [];
/** The stack captured with each pending capture, by index (formatted when the batch goes). */
const pendingStacks: (object | undefined)[] = [];
/** Captures waiting, each frame of a run counted. */
let held = 0;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let flushQueued = false;
let busy = false;
let hidden = false;

/** The page may replace its timers (fake timers in a test page): ours are taken before any page script runs. */
const setTimer = window.setTimeout.bind(window);
const clearTimer = window.clearTimeout.bind(window);
/**
 * Captures wait this long in the page, then cross to the relay as one JSON string in one DOM event, and from
 * there to the worker in one port message: each crossing costs the page's thread a fixed price, and a page
 * whose captures come one per task (a WebSocket frame, a fetch) paid it for every one (docs/costs.md).
 */
const HOLD_MS = 25;
/** A batch goes at once when it holds this many captures. */
const HOLD_COUNT = 200;

function flush(): void {
  if (flushTimer !== undefined) clearTimer(flushTimer);
  flushTimer = undefined;
  flushQueued = false;
  held = 0;
  if (!pending.length) return;
  const batch = pending.splice(0);
  const stacks = pendingStacks.splice(0);
  // Stacks were captured in the call but V8 formats them only now, out of the page's call. A loop logging
  // from one line repeats the same stack: it crosses to the worker once.
  let previous: string | undefined;
  // The page's URL, too, crosses once for a run of captures made on it.
  let previousUrl: string | undefined;
  for (let i = 0; i < batch.length; i++) {
    const capture = batch[i]!;
    if (capture.type !== 'initiator') {
      if (capture.url === previousUrl) capture.url = undefined;
      else previousUrl = capture.url;
    }
    if (capture.type === 'websocket-run') continue;
    if (capture.type === 'websocket') {
      finishFrame(capture);
      continue;
    }
    const held = stacks[i];
    if (capture.type === 'initiator') {
      if (held) capture.stackText = heldStack(held);
      continue;
    }
    let stack = capture.stackText;
    if (held) {
      stack = heldStack(held);
      if (capture.type === 'console-log' && stack !== undefined && stack === previous) capture.sameStack = true;
      else capture.stackText = stack;
    }
    previous = stack;
  }
  window.dispatchEvent(new CustomEvent(CAPTURE_EVENT, { detail: JSON.stringify(batch) }));
}

/**
 * Holds a capture for the next batch. A hidden page (bfcache, a background tab, whose timers the browser
 * slows down) sends at the end of the current task instead.
 */
function post(capture: PageCapture, stack?: object): void {
  pending.push(capture);
  pendingStacks.push(stack);
  hold();
}

/** Counts one more capture waiting: the batch goes when it is full, or HOLD_MS after its first. */
function hold(): void {
  if (++held >= HOLD_COUNT) flush();
  else if (flushTimer === undefined && !flushQueued) {
    if (hidden || document.visibilityState === 'hidden') {
      flushQueued = true;
      queueMicrotask(flush);
    } else flushTimer = setTimer(flush, HOLD_MS);
  }
}

/**
 * Page frames a plain log keeps: its source line is the first, and DevTools shows no stack for a log either.
 * Three rather than one, so a log made through another extension's console wrapper (its frames are skipped)
 * still has its line. Warnings, errors, asserts and traces keep more. Frames are most of what the stack costs
 * per call (docs/costs.md).
 */
const PLAIN_FRAMES = 3;
const FULL_FRAMES = 23;

/** Wraps one console method; a capture failure never breaks the page's own call. */
function wrap(name: keyof Console, frames: number, toEntry: (args: unknown[]) => [Level, string] | undefined): void {
  const original = console[name] as (...args: unknown[]) => void;
  if (typeof original !== 'function') return;
  const wrapped = function (this: Console, ...args: unknown[]) {
    if (!busy) {
      busy = true;
      try {
        const entry = toEntry(args);
        if (entry) {
          const capture: PageCapture = {
            type: 'console-log',
            level: entry[0],
            message: entry[1],
            timestamp: Date.now(),
            url: pageUrl(),
          };
          post(capture, captureCallerStack(wrapped, frames));
        }
      } catch {
        // Serialising a hostile value must not break the page.
      } finally {
        busy = false;
      }
    }
    return original.apply(this, args);
  };
  Object.defineProperty(wrapped, 'name', { value: original.name });
  (console as unknown as Record<string, unknown>)[name] = wrapped;
}

function wrapConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    wrap(level, level === 'warn' || level === 'error' ? FULL_FRAMES : PLAIN_FRAMES, (args) => [
      level,
      formatArgs(args),
    ]);
  wrap('assert', FULL_FRAMES, ([condition, ...rest]) =>
    condition ? undefined : ['error', `Assertion failed${rest.length ? ': ' + formatArgs(rest) : ''}`],
  );
  wrap('table', PLAIN_FRAMES, ([data]) => ['log', formatTable(data)]);
  wrap('trace', FULL_FRAMES, (args) => ['log', `console.trace${args.length ? ': ' + formatArgs(args) : ''}`]);
}

function errorCapture(
  message: string,
  error: unknown,
  fallback: StackFrame | undefined,
  errorKind: 'uncaught' | 'unhandledrejection' | 'resource',
): PageCapture {
  const stackText = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    type: 'console-error',
    message: truncate(message),
    timestamp: Date.now(),
    url: pageUrl(),
    errorKind,
    stackText,
    fallback,
  };
}

function listenForErrors(): void {
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target && target !== window && target instanceof Element) {
        const resource = (target as HTMLImageElement).src || (target as HTMLLinkElement).href || '';
        post(
          errorCapture(
            `Failed to load resource: <${target.tagName.toLowerCase()}> ${resource}`,
            undefined,
            undefined,
            'resource',
          ),
        );
        return;
      }
      const where = event.filename ? { url: event.filename, line: event.lineno, column: event.colno } : undefined;
      post(
        errorCapture(
          `Uncaught ${event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : event.message}`,
          event.error,
          where,
          'uncaught',
        ),
      );
    },
    true,
  );

  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : describe(reason, 1, []);
    post(errorCapture(`Uncaught (in promise) ${text}`, reason, undefined, 'unhandledrejection'));
  });

  window.addEventListener('pagehide', () => {
    hidden = true;
    flush();
  });
  window.addEventListener('pageshow', () => (hidden = false));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

// Registered scripts run at document_start; the worker also injects this into tabs that were open
// before (install, browser start, a wider scope). Once per page, and a late start says so.
if (claimOnce(HOOK_MARKS.pageHook)) {
  if (takeMark(HOOK_MARKS.attachedLate))
    post({ type: 'console-log', level: 'info', message: ATTACHED_NOTE, timestamp: Date.now(), url: pageUrl() });
  wrapConsole();
  listenForErrors();
  // Which line of the app started each fetch and XHR.
  watchRequestInitiators(post);
  watchWebSockets({ post, pending, grew: hold });
  // A SharedWorker the page starts is found at once while the tab has a debugger session; a Worker opens one
  // when worker capture is on.
  watchWorkers();
}
