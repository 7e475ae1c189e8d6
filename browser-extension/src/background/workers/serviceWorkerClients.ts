import type { CaptureContext } from '../../../../src/shared/captureContext';
import { isTabCaptured } from '../scope';
import { settings } from '../settings';
import { allTabs } from '../tabsState';

/**
 * Which service worker controls each tab's page, as the tab's relay reports it (`navigator.serviceWorker.controller`).
 * webRequest gives a service worker's own fetches no tab (tabId -1), only the initiator's origin: they are filed
 * under every captured tab whose page is on that origin, and named by the controlling script when a relay
 * reported one (else by the origin). A service worker serves every client of its scope, and webRequest does
 * not say for which one it fetched, so a tab of that origin is told about each fetch.
 */
const controllers = new Map<number, string>();

/** A tab's relay saw its page controlled by `scriptUrl`. Only a script on the tab's own origin is kept. */
export function controlledBy(tabId: number, scriptUrl: string, pageUrl: string | undefined): void {
  if (sameOrigin(scriptUrl, pageUrl)) controllers.set(tabId, scriptUrl);
}

/** A tab closed. (A tab that navigates keeps its entry until its next page reports: see tabsServedBy.) */
export function forgetController(tabId: number): void {
  controllers.delete(tabId);
}

/** The captured tabs a service worker of `initiator` (an origin, as webRequest reports it) serves, each with its context. */
export function tabsServedBy(initiator: string | undefined): { tabId: number; context: CaptureContext }[] {
  if (!initiator || initiator === 'null') return [];
  const served: { tabId: number; context: CaptureContext }[] = [];
  for (const [tabId, tab] of allTabs()) {
    if (!sameOrigin(initiator, tab.url) || !isTabCaptured(tabId, tab.url, settings())) continue;
    const reported = controllers.get(tabId);
    // A controller reported by the tab's previous page, on another origin, does not name this one.
    const script = reported && sameOrigin(reported, initiator) ? reported : undefined;
    served.push({ tabId, context: { kind: 'service_worker', url: script ?? `${new URL(initiator).origin}/` } });
  }
  return served;
}

function sameOrigin(a: string, b: string | undefined): boolean {
  if (!b) return false;
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
