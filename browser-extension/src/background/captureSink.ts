import { fitCapture } from '../../../src/shared/fitCapture';
import type { CaptureEvent } from '../../../src/shared/protocol';
import { isTabCaptured } from './scope';
import { settings } from './settings';
import { tabInfo } from './tabsState';

/** Hands accepted captures on (to the connector's outbox, or up the edge tunnel in remote mode). */
export type Deliver = (events: CaptureEvent[], pageUrl: string | undefined) => void;

/** Where every capture goes: scope and tab-lock check, then tab id, page load and URL, then delivery. */
export class CaptureSink {
  captured = 0;

  constructor(private readonly deliver: Deliver) {}

  /**
   * `documentId` is the page load a content script reported from; otherwise the tab's current one.
   * `pageUrl` overrides the tab's URL for the scope check (a document request precedes its commit).
   */
  accept(events: CaptureEvent[], tabId: number, from: { documentId?: string; pageUrl?: string } = {}): void {
    const tab = tabInfo(tabId);
    const documentId = from.documentId;
    const knownPage = from.pageUrl ?? tab?.url;
    const pageUrl = knownPage ?? (events[0] && 'url' in events[0] ? events[0].url : undefined);
    if (!isTabCaptured(tabId, pageUrl, settings())) return;
    const pageLoadId = documentId ?? tab?.pageLoadId;
    for (const event of events) {
      if (event.type === 'dropped') continue;
      fitCapture(event);
      event.tabId = tabId;
      if (event.type !== 'page-navigated' && event.type !== 'current-url' && pageLoadId && !event.pageLoadId)
        event.pageLoadId = pageLoadId;
      if (event.type !== 'current-url' && event.type !== 'page-navigated' && !event.url && pageUrl) event.url = pageUrl;
    }
    this.captured += events.length;
    // Only a page known from the tab or the caller: a guess from the first event could be a request's URL.
    this.deliver(events, knownPage);
  }
}
