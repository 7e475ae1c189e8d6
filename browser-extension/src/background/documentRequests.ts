import type { NetworkRequestEvent } from '../../../src/shared/protocol';
import { tabInfo } from './tabsState';

const COMMIT_WAIT_MS = 1000;

/**
 * A document request belongs to the page load it starts, but Chrome names that load (its documentId)
 * only at commit, which may come after the request finished. Such a request waits for the commit.
 */
export class DocumentRequests {
  private readonly waiting = new Map<number, { event: NetworkRequestEvent; timer: ReturnType<typeof setTimeout> }>();

  constructor(private readonly send: (event: NetworkRequestEvent) => void) {}

  /** `loadAtStart` is the tab's page load when the request began. */
  finished(event: NetworkRequestEvent, loadAtStart: string | undefined): void {
    const tabId = event.tabId!;
    const current = tabInfo(tabId)?.pageLoadId;
    // A failed load commits nothing; a committed one already has its id.
    if (event.error || current !== loadAtStart) {
      if (!event.error && current) event.pageLoadId = current;
      return this.send(event);
    }
    this.flush(tabId);
    const timer = setTimeout(() => this.flush(tabId), COMMIT_WAIT_MS);
    this.waiting.set(tabId, { event, timer });
  }

  committed(tabId: number, pageLoadId: string): void {
    const waiting = this.waiting.get(tabId);
    if (!waiting) return;
    waiting.event.pageLoadId = pageLoadId;
    this.flush(tabId);
  }

  private flush(tabId: number): void {
    const waiting = this.waiting.get(tabId);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.waiting.delete(tabId);
    this.send(waiting.event);
  }
}
