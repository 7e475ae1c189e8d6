import { CommandError } from './commandError';

/** How often we attached the debugger: default capture must leave this at zero (tests check it). */
export const debuggerStats = { attaches: 0, attached: 0, workers: 0 };

export type Send = <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>;

/** Runs work on a debugger that is already attached, keeping it attached until the work ends. */
export type SharedDebugger = <T>(work: (send: Send) => Promise<T>) => Promise<T>;

/** Tabs where an action session holds the debugger: commands run through it instead of attaching again. */
const shared = new Map<number, SharedDebugger>();

const ended = new Set<(tabId: number) => void>();
const started = new Set<(tabId: number) => void>();

/** The action session announces (or, with undefined, withdraws) its open debugger on a tab. */
export function shareSession(tabId: number, session: SharedDebugger | undefined): void {
  if (session) {
    shared.set(tabId, session);
    for (const listener of [...started]) listener(tabId);
  } else if (shared.delete(tabId)) for (const listener of [...ended]) listener(tabId);
}

/** Called each time a tab's action session opens (its debugger attached, before its domains are on). */
export function onSessionStarted(listener: (tabId: number) => void): void {
  started.add(listener);
}

/** Whether the tab has an action session open (its debugger attached). */
export function sessionOpen(tabId: number): boolean {
  return shared.has(tabId);
}

/** Called each time a tab's action session ends, however it ended (idle detach, the bar closed, the tab gone). */
export function onSessionEnded(listener: (tabId: number) => void): void {
  ended.add(listener);
}

/**
 * Attaches chrome.debugger only for the length of one command and always detaches, so Chrome's
 * "is being debugged" bar shows only while a full-page screenshot or a script runs. While an
 * action session is open on the tab, the command shares it and leaves it attached.
 */
export async function withDebugger<T>(tabId: number, work: (send: Send) => Promise<T>): Promise<T> {
  const open = shared.get(tabId);
  if (open) return open(work);
  const target = { tabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch (error) {
    throw new CommandError(
      'DEBUGGER_UNAVAILABLE',
      `Could not attach to the tab (${(error as Error).message}). Close DevTools' own debugger session or other debugging extensions on it and retry.`,
    );
  }
  debuggerStats.attaches++;
  debuggerStats.attached++;
  const send: Send = (method, params) => chrome.debugger.sendCommand(target, method, params) as Promise<never>;
  try {
    return await work(send);
  } finally {
    debuggerStats.attached--;
    await chrome.debugger.detach(target).catch(() => undefined);
  }
}
