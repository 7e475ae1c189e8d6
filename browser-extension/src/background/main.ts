/** The service worker: wires capture, the connector link and commands together. */
import { CAPTURE_PORT, type ExtensionMessage, type RelayMessage } from '../common/messages';
import { CaptureSink } from './captureSink';
import { handleCommand } from './commands';
import { ConnectorLink } from './connectorLink';
import { registerContentScripts } from './contentScripts';
import { debuggerStats } from './debuggerSession';
import { watchNavigation } from './navigation';
import { NetworkCapture } from './networkCapture';
import { Outbox } from './outbox';
import { fromPage } from './pageCaptures';
import { handleMessage } from './popupActions';
import { loadSettings, onSettingsChanged, settings } from './settings';
import { scopePatterns } from './scope';
import { primeTabs } from './tabsState';

const outbox = new Outbox();
const link: ConnectorLink = new ConnectorLink(
  outbox,
  () => settings().port,
  (frame) => void handleCommand(frame, (reply) => link.send(reply)),
);
const sink = new CaptureSink(outbox, link);
const network = new NetworkCapture((event, tabId, pageUrl) => sink.accept([event], tabId, { pageUrl }));

// Listeners first and synchronously: Chrome only wakes a worker for events registered at start-up.
network.start();
watchNavigation(
  (events, tabId) => sink.accept(events, tabId),
  (tabId, pageLoadId) => network.committed(tabId, pageLoadId),
);
chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== CAPTURE_PORT) return;
  const tabId = port.sender?.tab?.id;
  const documentId = port.sender?.documentId;
  port.onMessage.addListener((message: RelayMessage) => {
    if (tabId === undefined) return;
    if (message.kind === 'captures') sink.accept(fromPage(message.json), tabId, { documentId });
    else if (message.kind === 'timings') network.addTimings(tabId, message.timings);
    else if (message.kind === 'bodies') network.addBodies(tabId, message.bodies);
  });
});
chrome.runtime.onMessage.addListener((message: ExtensionMessage, sender, respond) => {
  void handleMessage(message, { sink, link, outbox, sender }).then(respond);
  return true;
});
chrome.alarms.onAlarm.addListener(() => link.ensureConnected());

async function start(): Promise<void> {
  await loadSettings();
  await primeTabs();
  await registerContentScripts(settings());
  let previous = settings();
  onSettingsChanged((next) => {
    if (scopePatterns(next).join() !== scopePatterns(previous).join() || next.captureBodies !== previous.captureBodies) void registerContentScripts(next);
    if (next.port !== previous.port) link.reconnect();
    previous = next;
  });
  // A wake-up every 30 s while idle, so a connector started later is found even after the worker slept.
  await chrome.alarms.create('browser-debug-reconnect', { periodInMinutes: 0.5 });
  link.ensureConnected();
  ready = true;
}

let ready = false;
void start();

/** Read by the end-to-end tests through the worker, and handy in its DevTools console. */
Object.assign(globalThis, {
  browserDebug: {
    state: () => ({ ready, connection: link.state, port: link.port, captured: sink.captured, queued: outbox.queued, dropped: outbox.dropped, debugger: { ...debuggerStats } }),
  },
});
