/** The service worker: wires capture, delivery (local connector or remote edge) and commands together. */
import type { ExtensionMessage } from '../common/messages';
import { connectorAddress } from '../common/connectorAddress';
import { CaptureSink, type Deliver } from './captureSink';
import { listenToRelays } from './capturePort';
import { handleCommand } from './commands';
import { showLinkState } from './actionBadge';
import { ConnectorLink } from './connectorLink';
import { applyContentScripts } from './contentScripts';
import { debuggerStats } from './debuggerSession';
import { injectionStats } from './openTabs';
import { watchNavigation } from './navigation';
import { NetworkCapture } from './networkCapture';
import { clearAllMocks } from './networkMocks/mockCommands';
import { markMocked } from './networkMocks/markMocked';
import { useTraceFrameSender } from './performance/traceRecorder';
import { useVideoFrameSender } from './screencast/screencastRecorder';
import { Outbox } from './outbox';
import { OutboxStore } from './outboxStore';
import { PICK_COMMAND, startPick } from './inspection/picking';
import { onPairingChanged } from './pairing/pairingKey';
import { handleMessage } from './popupActions';
import { RemoteMode } from './remoteMode';
import { loadRemote, onRemoteChanged, remoteSettings } from './remoteSettings';
import { loadSettings, onSettingsChanged, settings } from './settings';
import { remoteOrigins, scopePatterns } from './scope';
import { tabRecorder } from './recordings/recordingCommands';
import { primeTabs } from './tabsState';
import { listenForSharedWorkers } from './workers/sharedWorkers';
import { listenForWorkerCapture } from './workers/workerCapture';
import { listenToWorkers } from './workers/workerConsole';
import { reloadIfNewer, type VersionCheck } from './selfReload';

const outbox = new Outbox();
const link: ConnectorLink = new ConnectorLink(
  outbox,
  () => ({ port: settings().port, address: connectorAddress(settings()) }),
  (frame) => void handleCommand(frame, (reply) => link.send(reply)),
);
// The outbox lives in session storage too, so a service worker stopped while the connector is down loses nothing.
const outboxStore = new OutboxStore(
  outbox,
  chrome.storage.session,
  () => link.state === 'connected',
  () => link.schedulePump(),
);
const remote = new RemoteMode();
useTraceFrameSender((frame) => link.send(frame));
useVideoFrameSender((frame) => link.send(frame));
/** Captures that arrive while the worker still reads its settings wait to learn where they go. */
let early: Parameters<Deliver>[] | undefined = [];
// One destination at a time: in remote mode nothing goes to (or looks for) a local connector.
const deliver: Deliver = (events, pageUrl) => {
  if (early) return void early.push([events, pageUrl]);
  if (remote.active) return remote.forward(events, pageUrl);
  outbox.add(events);
  link.schedulePump();
};
const sink = new CaptureSink(deliver);
const network = new NetworkCapture((event, tabId, pageUrl) => sink.accept([markMocked(event)], tabId, { pageUrl }));
// Network mocks never outlive the connector that set them.
link.onDisconnected = clearAllMocks;
link.onStateChange = (state) => {
  showLinkState(state);
  // VS Code brought a newer build into our folder: reload from it (only an unpacked install from VS Code's copy).
  if (state === 'connected')
    void reloadIfNewer(link.connectorVersion).then(
      (check) => (versionCheck = check),
      () => undefined,
    );
};
let versionCheck: VersionCheck | undefined;

// Listeners first and synchronously: Chrome only wakes a worker for events registered at start-up.
network.start();
tabRecorder.listen();
watchNavigation(
  (events, tabId) => sink.accept(events, tabId),
  (tabId, pageLoadId) => network.committed(tabId, pageLoadId),
);
listenToRelays(sink, network);
listenToWorkers((events, tabId) => sink.accept(events, tabId));
listenForSharedWorkers();
listenForWorkerCapture();
chrome.runtime.onMessage.addListener((message: ExtensionMessage, sender, respond) => {
  void handleMessage(message, { sink, link, outbox, remote, sender }).then(respond);
  return true;
});
/** The keyboard shortcuts (manifest `commands`): picking starts in the tab the key was pressed in. */
const onShortcut = (command: string, tab?: chrome.tabs.Tab): Promise<unknown> =>
  command === PICK_COMMAND ? startPick(tab?.id).catch((error: Error) => ({ error: error.message })) : Promise.resolve();
chrome.commands.onCommand.addListener((command, tab) => void onShortcut(command, tab));
chrome.alarms.onAlarm.addListener(() => void started.then(() => link.ensureConnected()));

/** Remote mode on: the edge link runs and the connector link is off; off: the other way round. */
function chooseDestination(): void {
  remote.apply(remoteSettings(), remoteOrigins(settings()));
  if (remote.active) link.stop();
  else link.resume();
}

async function start(): Promise<void> {
  await Promise.all([loadSettings(), loadRemote(), outboxStore.restore()]);
  await primeTabs();
  await applyContentScripts(settings());
  let previous = settings();
  onSettingsChanged((next) => {
    if (scopePatterns(next).join() !== scopePatterns(previous).join() || next.captureBodies !== previous.captureBodies)
      void applyContentScripts(next, true);
    if (next.port !== previous.port || next.connectorAddress !== previous.connectorAddress) link.reconnect();
    previous = next;
    chooseDestination();
  });
  onRemoteChanged(chooseDestination);
  // Paired in the popup, or seeded by Launch Browser: find the connector that proves the new key.
  onPairingChanged(() => link.reconnect());
  // A wake-up every 30 s while idle, so a connector started later is found even after the worker slept.
  await chrome.alarms.create('browser-debug-reconnect', { periodInMinutes: 0.5 });
  chooseDestination();
  const waiting = early ?? [];
  early = undefined;
  for (const [events, pageUrl] of waiting) deliver(events, pageUrl);
  ready = true;
}

let ready = false;
const started = start();

/** Read by the end-to-end tests through the worker, and handy in its DevTools console. */
Object.assign(globalThis, {
  browserDebug: {
    state: () => ({
      ready,
      connection: link.state,
      port: link.port,
      address: link.base,
      socketRefused: link.socketRefused,
      versionCheck,
      pairing: link.pairing,
      captured: sink.captured,
      queued: outbox.queued,
      dropped: outbox.dropped,
      outboxSaved: outboxStore.settled,
      outboxError: outboxStore.lastError,
      debugger: { ...debuggerStats },
      openTabInjections: injectionStats.runs,
      remote: remote.status(),
    }),
    /** The shortcut's handler, for tests: headless Chromium delivers no key to chrome.commands. */
    shortcut: onShortcut,
  },
});
