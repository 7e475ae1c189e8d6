import { CommandError } from './commandError';

/** How often we attached the debugger: default capture must leave this at zero (tests check it). */
export const debuggerStats = { attaches: 0, attached: 0 };

export type Send = <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>;

/**
 * Attaches chrome.debugger only for the length of one command and always detaches, so Chrome's
 * "is being debugged" bar shows only while a full-page screenshot or a script runs.
 */
export async function withDebugger<T>(tabId: number, work: (send: Send) => Promise<T>): Promise<T> {
  const target = { tabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch (error) {
    throw new CommandError('DEBUGGER_UNAVAILABLE', `Could not attach to the tab (${(error as Error).message}). Close DevTools' own debugger session or other debugging extensions on it and retry.`);
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
