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

/** Captures the caller's stack onto `target` as a non-enumerable `stack`: frames above `above` only, at most `frames`. */
export function captureCallerStack(target: object, above: (...args: never[]) => unknown, frames?: number): void {
  if (frames === undefined) return captureStackTrace(target, above);
  const limit = V8Error.stackTraceLimit;
  V8Error.stackTraceLimit = frames;
  captureStackTrace(target, above);
  V8Error.stackTraceLimit = limit;
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
