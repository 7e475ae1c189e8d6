import type { CaptureContext } from '../../../src/shared/captureContext';
import type { CaptureEvent } from '../../../src/shared/protocol';
import { CAPTURE_PORT, type RelayMessage } from '../common/messages';
import type { CaptureSink } from './captureSink';
import type { NetworkCapture } from './networkCapture';
import { fromPage } from './pageCaptures';
import { vitalsEvent } from './performance/vitalsEvent';
import { controlledBy, forgetController } from './workers/serviceWorkerClients';
import { sharedWorkerStarted } from './workers/sharedWorkers';
import { workerStarted } from './workers/workerCapture';

/** Where a relay's captures are filed: the top page's load, or the tab's current load plus the frame they came from. */
interface RelayOrigin {
  /** The top page's load (Chrome's documentId); undefined for a subframe, which files under the tab's current load. */
  documentId?: string;
  /** Set for a subframe: its URL as the browser reports it. */
  context?: CaptureContext;
}

/** What the browser says about the frame behind a port (never what the page says). */
export function relayOrigin(sender: chrome.runtime.MessageSender | undefined): RelayOrigin {
  if (!sender || sender.frameId === undefined || sender.frameId === 0) return { documentId: sender?.documentId };
  return { context: { kind: 'frame', url: sender.url ?? 'about:blank' } };
}

/** A subframe's captures are the page's, with the frame in `context`: their `url` becomes the tab's page URL. */
function inFrame(events: CaptureEvent[], context: CaptureContext | undefined): CaptureEvent[] {
  if (!context) return events;
  for (const event of events)
    if (event.type === 'console-log' || event.type === 'console-error') {
      event.url = undefined;
      event.context = context;
    }
  return events;
}

/**
 * The content relays' ports (one per frame in scope): captures, resource timings, bodies and (the top frame's
 * only) Web Vitals go to the sink and the network capture, under the tab the browser names.
 */
export function listenToRelays(sink: CaptureSink, network: NetworkCapture): void {
  chrome.tabs.onRemoved.addListener(forgetController);
  chrome.runtime.onConnect.addListener((port) => {
    if (port.name !== CAPTURE_PORT) return;
    const tabId = port.sender?.tab?.id;
    const { documentId, context } = relayOrigin(port.sender);
    // The frame's URL as the browser reports it: page URLs in captures are checked against it (fromPage).
    const frameUrl = port.sender?.url;
    port.onMessage.addListener((message: RelayMessage) => {
      if (tabId === undefined) return;
      if (message.kind === 'captures') {
        // The batch's initiators first: the timings that came with it may finish the same requests.
        const events = fromPage(message.json, (initiator) => network.addInitiator(tabId, initiator), frameUrl);
        if (message.timings) network.addTimings(tabId, message.timings);
        if (events.length) sink.accept(inFrame(events, context), tabId, { documentId });
      } else if (message.kind === 'bodies') network.addBodies(tabId, message.bodies);
      else if (message.kind === 'shared-worker') sharedWorkerStarted(tabId);
      else if (message.kind === 'worker') workerStarted(tabId);
      else if (message.kind === 'controller' && !context) controlledBy(tabId, message.scriptUrl, frameUrl);
      else if (message.kind === 'vitals' && !context) sink.accept([vitalsEvent(message.metric)], tabId, { documentId });
    });
  });
}
