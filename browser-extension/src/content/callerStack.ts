/**
 * Part of the MAIN-world page hook: the page's stack at a call into one of our wrappers, cheaply. V8 keeps
 * a captured stack structured and formats it only when `stack` is first read, so the hook captures in the
 * page's call and reads the text later, when it sends a batch. Our own frames are never captured.
 */

/** V8's stack API, taken before the page can replace it. */
const V8Error = Error as ErrorConstructor & {
  stackTraceLimit: number;
  captureStackTrace(target: object, above?: (...args: never[]) => unknown): void;
};
const captureStackTrace = V8Error.captureStackTrace;

/**
 * The caller's stack, held structured in a new object (its non-enumerable `stack`): frames above `above` only,
 * at most `frames`. A fresh object, so the text's first line is a bare `Error`: captured onto a capture that
 * has a `message`, V8 would write that message into the text (making every log's stack differ).
 */
export function captureCallerStack(above: (...args: never[]) => unknown, frames?: number): object {
  const holder = {};
  if (frames === undefined) {
    captureStackTrace(holder, above);
    return holder;
  }
  const limit = V8Error.stackTraceLimit;
  V8Error.stackTraceLimit = frames;
  captureStackTrace(holder, above);
  V8Error.stackTraceLimit = limit;
  return holder;
}

/** The text of a stack captured by captureCallerStack (V8 formats it now), or undefined. */
export function heldStack(target: object): string | undefined {
  try {
    const stack = (target as { stack?: unknown }).stack;
    return typeof stack === 'string' ? stack : undefined;
  } catch {
    // A page's own Error.prepareStackTrace threw: the entry goes without a stack, the batch still goes.
    return undefined;
  }
}
