/**
 * Marks on a page's window (`Symbol.for(name)`), shared by the content scripts and the worker that
 * injects them into tabs that were already open: each hook runs once per page, however often it is
 * injected, and a hook injected late says so.
 */
export const HOOK_MARKS = {
  pageHook: 'browser-debug.page-hook',
  bodyHook: 'browser-debug.body-hook',
  /** Set by the worker just before it injects the page hook into an open tab. */
  attachedLate: 'browser-debug.attached-late',
} as const;

/** What the captures say when the hook joins a page that already ran. */
export const ATTACHED_NOTE =
  'Browser Debug attached to an open tab: console output from before this moment is gone. Reload the page to capture it from the start.';

/** True the first time it is called for `name` on this page (and claims it); false after. */
export function claimOnce(name: string): boolean {
  const key = Symbol.for(name);
  if ((window as unknown as Record<symbol, unknown>)[key]) return false;
  Object.defineProperty(window, key, { value: true, enumerable: false, configurable: false });
  return true;
}

/** Reads and clears a mark the worker set. */
export function takeMark(name: string): boolean {
  const key = Symbol.for(name);
  const record = window as unknown as Record<symbol, unknown>;
  const set = Boolean(record[key]);
  delete record[key];
  return set;
}
