import { CommandError } from '../commandError';
import { debuggerStats, type Send } from '../debuggerSession';

const IDLE_DETACH_MS = 3_000;

/**
 * chrome.debugger for a replay: attached at the first step and kept across steps (attaching per step
 * would cost time and flash Chrome's "debugging" bar), detached after a quiet period.
 */
export class ReplayDebugger {
  private attachedTab: number | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    chrome.debugger.onDetach.addListener((source) => {
      if (source.tabId !== this.attachedTab) return;
      this.attachedTab = undefined;
      debuggerStats.attached--;
    });
  }

  /** Runs `work` with the tab attached; the idle clock restarts when it ends. */
  async use<T>(tabId: number, work: (send: Send) => Promise<T>): Promise<T> {
    clearTimeout(this.idleTimer);
    if (this.attachedTab !== tabId) {
      await this.detach();
      await this.attach(tabId);
    }
    const target = { tabId };
    const send: Send = (method, params) => chrome.debugger.sendCommand(target, method, params) as Promise<never>;
    try {
      return await work(send);
    } finally {
      this.idleTimer = setTimeout(() => void this.detach(), IDLE_DETACH_MS);
    }
  }

  private async attach(tabId: number): Promise<void> {
    try {
      await chrome.debugger.attach({ tabId }, '1.3');
    } catch (error) {
      throw new CommandError('DEBUGGER_UNAVAILABLE', `Could not attach to the tab to replay (${(error as Error).message}). Close DevTools' debugger or other debugging extensions on it and retry.`);
    }
    this.attachedTab = tabId;
    debuggerStats.attaches++;
    debuggerStats.attached++;
  }

  private async detach(): Promise<void> {
    const tabId = this.attachedTab;
    if (tabId === undefined) return;
    this.attachedTab = undefined;
    debuggerStats.attached--;
    await chrome.debugger.detach({ tabId }).catch(() => undefined);
  }
}
