/**
 * Runs in the page's own (MAIN) world at document_start, before any page script: wraps the console
 * and listens for uncaught errors. It only reads; entries go to the isolated relay as JSON in a DOM
 * event, because objects do not cross between worlds.
 */
import type { CaptureEvent, StackFrame } from '../../../src/shared/protocol';
import { CAPTURE_EVENT } from '../common/messages';
import { describe, formatArgs, formatTable, truncate } from './serialize';
import { formatFrame, formatStack, parseStack } from './stack';

type Level = 'log' | 'info' | 'warn' | 'error' | 'debug';

const pending: CaptureEvent[] = [];
let flushScheduled = false;
let busy = false;

function flush(): void {
  flushScheduled = false;
  if (!pending.length) return;
  window.dispatchEvent(new CustomEvent(CAPTURE_EVENT, { detail: JSON.stringify(pending.splice(0)) }));
}

function post(event: CaptureEvent): void {
  pending.push(event);
  if (pending.length >= 200) flush();
  else if (!flushScheduled) {
    flushScheduled = true;
    queueMicrotask(flush);
  }
}

/** V8's Error.stackTraceLimit: raised for a moment so our own frames do not crowd out the page's. */
const V8Error = Error as ErrorConstructor & { stackTraceLimit: number };

function callerFrames(): StackFrame[] {
  const limit = V8Error.stackTraceLimit;
  V8Error.stackTraceLimit = 30;
  const stack = new Error().stack;
  V8Error.stackTraceLimit = limit;
  return parseStack(stack).slice(0, 20);
}

function captureConsole(level: Level, message: string): void {
  const frames = callerFrames();
  post({
    type: 'console-log',
    level,
    message,
    timestamp: Date.now(),
    url: location.href,
    source: frames[0] ? formatFrame(frames[0]) : undefined,
    stack: formatStack(frames),
    frames,
  });
}

/** Wraps one console method; a capture failure never breaks the page's own call. */
function wrap(name: keyof Console, toEntry: (args: unknown[]) => [Level, string] | undefined): void {
  const original = console[name] as (...args: unknown[]) => void;
  if (typeof original !== 'function') return;
  const wrapped = function (this: Console, ...args: unknown[]) {
    if (!busy) {
      busy = true;
      try {
        const entry = toEntry(args);
        if (entry) captureConsole(entry[0], entry[1]);
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

for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) wrap(level, (args) => [level, formatArgs(args)]);
wrap('assert', ([condition, ...rest]) => (condition ? undefined : ['error', `Assertion failed${rest.length ? ': ' + formatArgs(rest) : ''}`]));
wrap('table', ([data]) => ['log', formatTable(data)]);
wrap('trace', (args) => ['log', `console.trace${args.length ? ': ' + formatArgs(args) : ''}`]);

function errorEvent(message: string, error: unknown, fallback: StackFrame | undefined, errorKind: 'uncaught' | 'unhandledrejection' | 'resource'): CaptureEvent {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  const frames = stack ? parseStack(stack) : fallback ? [fallback] : [];
  const top = frames[0] ?? fallback;
  return {
    type: 'console-error',
    message: truncate(message),
    stack: stack ?? (frames.length ? formatStack(frames).join('\n') : undefined),
    frames,
    source: top ? formatFrame(top) : undefined,
    errorKind,
    timestamp: Date.now(),
    url: location.href,
  };
}

window.addEventListener(
  'error',
  (event) => {
    const target = event.target;
    if (target && target !== window && target instanceof Element) {
      const resource = (target as HTMLImageElement).src || (target as HTMLLinkElement).href || '';
      post(errorEvent(`Failed to load resource: <${target.tagName.toLowerCase()}> ${resource}`, undefined, undefined, 'resource'));
      return;
    }
    const where = event.filename ? { url: event.filename, line: event.lineno, column: event.colno } : undefined;
    post(errorEvent(`Uncaught ${event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : event.message}`, event.error, where, 'uncaught'));
  },
  true,
);

window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  const text = reason instanceof Error ? `${reason.name}: ${reason.message}` : describe(reason, 1, new WeakSet());
  post(errorEvent(`Uncaught (in promise) ${text}`, reason, callerFrames()[0], 'unhandledrejection'));
});

window.addEventListener('pagehide', flush);
