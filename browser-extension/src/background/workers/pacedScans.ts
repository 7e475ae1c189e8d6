/** Time for PacedScans: the worker's clock and timers, or a test's. `after` answers a function that cancels. */
export interface Clock {
  now(): number;
  after(ms: number, run: () => void): () => void;
}

const realClock: Clock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

interface TabScans {
  running: boolean;
  /** A request came that the running scan or the gap held back: one more scan is owed. */
  again: boolean;
  startedAt: number;
  /** Cancels the timer that starts the owed scan once the gap has passed. */
  cancel?: () => void;
}

/**
 * Runs a per-tab scan on request, paced: at most one scan in flight per tab, and starts at least `gapMs` apart.
 * A request while a scan runs, or within the gap after one started, is not lost and not repeated: it schedules
 * exactly one more scan, which starts when both the running scan has ended and the gap has passed. So however
 * often a page asks (the shared-worker signal comes from page script, which can forge it), a tab costs at most
 * one scan per gap.
 */
export class PacedScans {
  private readonly tabs = new Map<number, TabScans>();

  constructor(
    private readonly scan: (tabId: number) => Promise<void>,
    private readonly gapMs: number,
    private readonly clock: Clock = realClock,
  ) {}

  /** Asks for a scan of the tab: now if it may start, else once after the running one and the gap. */
  request(tabId: number): void {
    let tab = this.tabs.get(tabId);
    if (!tab) this.tabs.set(tabId, (tab = { running: false, again: false, startedAt: -Infinity }));
    if (tab.running || tab.cancel) return void (tab.again = true);
    const wait = tab.startedAt + this.gapMs - this.clock.now();
    if (wait > 0) {
      tab.again = true;
      tab.cancel = this.clock.after(wait, () => this.next(tabId));
      return;
    }
    tab.running = true;
    tab.again = false;
    tab.startedAt = this.clock.now();
    void this.scan(tabId)
      .catch(() => undefined)
      .finally(() => {
        tab.running = false;
        this.next(tabId);
      });
  }

  /** The tab's session ended: an owed scan is dropped (a running one ends on its own). */
  forget(tabId: number): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    tab.cancel?.();
    tab.cancel = undefined;
    tab.again = false;
    if (!tab.running) this.tabs.delete(tabId);
  }

  /** Starts the scan a request left owed, if any; the tab's entry goes once its gap has passed with nothing owed. */
  private next(tabId: number): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    tab.cancel = undefined;
    if (tab.again) return this.request(tabId);
    if (!tab.running && this.clock.now() - tab.startedAt >= this.gapMs) this.tabs.delete(tabId);
  }
}
