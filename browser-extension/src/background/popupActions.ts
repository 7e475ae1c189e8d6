import type { ExtensionMessage, PopupState, RemoteView } from '../common/messages';
import { connectorAddress } from '../common/connectorAddress';
import type { CaptureSink } from './captureSink';
import type { ConnectorLink } from './connectorLink';
import type { Outbox } from './outbox';
import type { RemoteMode } from './remoteMode';
import { remoteView, saveRemote } from './remoteSettings';
import { acceptPick, startPick } from './inspection/picking';
import { shareFromPopup } from './agents/popupShare';
import { isSharedTab } from './actionBadge';
import { pairWithCode } from './pairing/pairingKey';
import { handleRecordingMessage, tabRecorder } from './recordings/recordingCommands';
import { isInScope } from './scope';
import { settings, updateSettings } from './settings';
import { tabInfo } from './tabsState';

interface Context {
  sink: CaptureSink;
  link: ConnectorLink;
  outbox: Outbox;
  remote: RemoteMode;
  sender: chrome.runtime.MessageSender;
}

/** Messages from the popup, the options page and the DevTools page. */
export async function handleMessage(message: ExtensionMessage, context: Context): Promise<unknown> {
  switch (message.kind) {
    case 'popup-state':
      return popupState(context);
    case 'lock-tab': {
      const others = settings().lockedTabs.filter((id) => id !== message.tabId);
      return updateSettings({ lockedTabs: message.locked ? [...others, message.tabId] : others });
    }
    case 'update-settings':
      return updateSettings(message.settings);
    case 'selected-element':
      context.sink.accept(
        [
          {
            type: 'selected-element',
            element: message.element,
            timestamp: Date.now(),
            url: tabInfo(message.tabId)?.url,
          },
        ],
        message.tabId,
      );
      return { ok: true };
    case 'capture-screenshot':
      return captureFromPopup(context.link);
    case 'remote-settings':
      return remoteView();
    case 'update-remote-settings':
      return saveRemote(message.settings);
    case 'recording-step':
    case 'recording-dialog':
    case 'recording-toggle':
      return handleRecordingMessage(message, context.sender, context.link);
    case 'pair':
      return pairFromPopup(message.code, context);
    case 'share-tab':
      if (!fromPopup(context.sender)) return { error: 'Tabs are shared with agents from the popup.' };
      return shareFromPopup(context.link, message.tabId, message.shared);
    case 'start-pick':
      return startPick().catch((error: Error) => ({ error: error.message }));
    case 'element-picked':
      if (context.sender.tab?.id === undefined) return { error: 'Picks come from a tab.' };
      return acceptPick(context.sink, context.sender.tab.id, message.token, message.note, {
        frameId: context.sender.frameId,
        frameUrl: context.sender.url,
        element: message.element,
      }).then(
        () => ({ ok: true }),
        (error: Error) => ({ error: error.message }),
      );
  }
}

async function popupState({ link, sink, outbox, remote }: Context): Promise<PopupState> {
  const current = settings();
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  const remoteStatus = remote.status();
  const hint = remoteStatus
    ? remoteHint(remoteStatus.state)
    : link.state === 'connected'
      ? undefined
      : (link.socketRefused ?? PAIRING_HINTS[link.pairing]);
  return {
    connection: link.state,
    port: link.port,
    address: link.base,
    connectorVersion: link.connectorVersion,
    versionWarning: link.versionWarning,
    pairing: link.pairing,
    paired: link.hasKey,
    captured: sink.captured,
    queued: outbox.queued,
    dropped: outbox.dropped,
    lockedTabs: current.lockedTabs,
    currentTab:
      tab?.id !== undefined && tab.url
        ? {
            id: tab.id,
            url: tab.url,
            inScope: isInScope(tab.url, current),
            locked: current.lockedTabs.includes(tab.id),
            shared: await isSharedTab(tab.id),
          }
        : undefined,
    settings: current,
    hint,
    remote: remoteStatus,
    recording: tabRecorder.status,
  };
}

const PAIRING_HINTS = {
  absent:
    'No connector found on ports 3025–3035. Start it: open VS Code with Browser Debug installed, or run `npm start` in the browser-debug folder.',
  none: 'Not paired yet: run "Browser Debug: Pair Browser" in VS Code (or read the code npm start printed) and type the code below.',
  unproven:
    'No paired connector found on ports 3025–3035 (a program answering there could not prove our key). Start yours, or pair again below.',
  proven: 'Connecting to the paired connector…',
} as const;

/** Our own popup page, never a tab's content script: only it may pair or share a tab with agents. */
function fromPopup(sender: chrome.runtime.MessageSender): boolean {
  return sender.id === chrome.runtime.id && sender.url?.split('#')[0] === chrome.runtime.getURL('popup.html');
}

async function pairFromPopup(code: string, { sender, link }: Context): Promise<unknown> {
  if (!fromPopup(sender)) return { ok: false, error: 'Pairing is done in the popup.' };
  const result = await pairWithCode(code, connectorAddress(settings()));
  if (result.ok) link.reconnect();
  return result;
}

function remoteHint(state: RemoteView['state']): string | undefined {
  if (state === 'unauthorized')
    return 'The edge refused this browser’s credentials: check the API key in the options (Remote mode).';
  if (state === 'offline') return 'The edge does not answer: captures wait here (up to 50,000) and go up once it does.';
  return undefined;
}

/** Asks the connector, so the image lands in its screenshot folder where VS Code and the assistant see it. */
async function captureFromPopup(link: ConnectorLink): Promise<{ path?: string; error?: string }> {
  if (link.state === 'off')
    return { error: 'Remote mode is on: screenshots are taken by the remote reader (the screenshot command).' };
  if (link.state !== 'connected' || !link.base) return { error: 'Not connected to the connector.' };
  const response = await link.post('/capture-screenshot', { fullPage: false });
  const body = (await response.json()) as { path?: string; error?: { message: string } };
  return body.error ? { error: body.error.message } : { path: body.path };
}
