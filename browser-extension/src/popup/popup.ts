/** The toolbar popup: connection (or remote) state, counts, the tab lock, sharing with agents, a screenshot button and the scope. */
import { parseConnectorAddress } from '../common/connectorAddress';
import type { ExtensionMessage, PopupState } from '../common/messages';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ask = <T>(message: ExtensionMessage) => chrome.runtime.sendMessage(message) as Promise<T>;
let state: PopupState | undefined;

function render(next: PopupState): void {
  state = next;
  const remote = next.remote;
  const status = remote?.state ?? next.connection;
  $('dot').className = `dot ${status}`;
  $('status').textContent = status;
  $('target').textContent = remote ? 'Edge' : 'Connector';
  $('port').textContent = remote
    ? remote.url
    : next.address
      ? `${next.address.replace(/^https?:\/\//, '')}${next.connectorVersion ? ` (v${next.connectorVersion})` : ''}`
      : '–';
  $('captured').textContent = String(next.captured);
  const [queued, dropped] = remote ? [remote.queued, remote.dropped] : [next.queued, next.dropped];
  $('queued').textContent = dropped ? `${queued} (${dropped} dropped)` : String(queued);
  $('remote').hidden = !remote;
  $('session').textContent = remote?.sessionId ?? '';
  $('remoteError').textContent = remote?.lastError ?? '–';
  $('shot').hidden = Boolean(remote);
  $('hint').hidden = !next.hint;
  $('hint').textContent = next.hint ?? '';
  // Asked for while no paired connector answers; not while a paired browser waits for its connector to start.
  $('pairForm').hidden = Boolean(remote) || next.pairing === 'proven' || (next.pairing === 'absent' && next.paired);
  $('warning').hidden = !next.versionWarning;
  $('warning').textContent = next.versionWarning ?? '';
  const tab = next.currentTab;
  $('tab').textContent = tab ? `${tab.inScope ? '' : '(out of scope) '}${tab.url}` : 'No tab';
  $<HTMLInputElement>('lock').checked = Boolean(tab?.locked);
  $<HTMLInputElement>('lock').disabled = !tab;
  $('share').hidden = Boolean(next.remote) || !tab || next.connection !== 'connected';
  $('share').textContent = tab?.shared ? 'Stop sharing this tab with agents' : 'Share this tab with agents';
  renderRecording(next);
}

/** Record / Stop: a running recording shows its id and step count. */
function renderRecording(next: PopupState): void {
  const recording = next.recording;
  $('record').hidden = Boolean(next.remote);
  $('record').textContent = recording ? `Stop recording (${recording.steps} steps)` : 'Record';
  $('record').className = recording ? 'recording' : '';
}

function renderSettings(next: PopupState): void {
  $<HTMLTextAreaElement>('origins').value = next.settings.extraOrigins.join('\n');
  $<HTMLInputElement>('allSites').checked = next.settings.allSites;
  $<HTMLInputElement>('bodies').checked = next.settings.captureBodies;
  $<HTMLInputElement>('workerConsoles').checked = next.settings.captureWorkerConsoles;
  $<HTMLInputElement>('fixedPort').value = next.settings.port ? String(next.settings.port) : '';
  $<HTMLInputElement>('connectorAddress').value = next.settings.connectorAddress ?? '';
}

async function refresh(): Promise<void> {
  render(await ask<PopupState>({ kind: 'popup-state' }));
}

$('pick').addEventListener('click', async () => {
  const reply = await ask<{ error?: string }>({ kind: 'start-pick' });
  if (reply?.error) $('shotResult').textContent = reply.error;
  else window.close();
});

$('lock').addEventListener('change', async () => {
  if (!state?.currentTab) return;
  await ask({ kind: 'lock-tab', tabId: state.currentTab.id, locked: $<HTMLInputElement>('lock').checked });
  await refresh();
});

$('share').addEventListener('click', async () => {
  const tab = state?.currentTab;
  if (!tab) return;
  const result = await ask<{ shared?: boolean; error?: string }>({
    kind: 'share-tab',
    tabId: tab.id,
    shared: !tab.shared,
  });
  $('shareResult').textContent = result.error
    ? `Failed: ${result.error}`
    : result.shared
      ? 'Shared: agents may act in this tab.'
      : 'No longer shared with agents.';
  await refresh();
});

$('shot').addEventListener('click', async () => {
  $('shotResult').textContent = 'Capturing…';
  const result = await ask<{ path?: string; error?: string }>({ kind: 'capture-screenshot' });
  $('shotResult').textContent = result.error ? `Failed: ${result.error}` : `Saved: ${result.path}`;
});

$('record').addEventListener('click', async () => {
  const stopping = Boolean(state?.recording);
  $('recordResult').textContent = stopping ? 'Stopping…' : 'Starting…';
  const result = await ask<{ id?: string; error?: string }>({ kind: 'recording-toggle' });
  $('recordResult').textContent = result.error
    ? `Failed: ${result.error}`
    : stopping
      ? `Saved ${result.id}`
      : `Recording ${result.id}: use the page, then Stop.`;
  await refresh();
});

$('save').addEventListener('click', async () => {
  const origins = $<HTMLTextAreaElement>('origins')
    .value.split(/\s+/)
    .filter(Boolean)
    .map((text) => {
      try {
        return new URL(text).origin;
      } catch {
        return '';
      }
    })
    .filter(Boolean);
  const port = Number($<HTMLInputElement>('fixedPort').value) || undefined;
  const address = parseConnectorAddress($<HTMLInputElement>('connectorAddress').value);
  $('settingsError').hidden = !address.error;
  $('settingsError').textContent = address.error ?? '';
  if (address.error) return;
  await ask({
    kind: 'update-settings',
    settings: {
      extraOrigins: origins,
      allSites: $<HTMLInputElement>('allSites').checked,
      captureBodies: $<HTMLInputElement>('bodies').checked,
      captureWorkerConsoles: $<HTMLInputElement>('workerConsoles').checked,
      port,
      connectorAddress: address.address,
    },
  });
  await refresh();
});

$('pairForm').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('pairResult').textContent = 'Pairing…';
  const code = $<HTMLInputElement>('pairCode').value;
  const result = await ask<{ ok: boolean; error?: string; port?: number }>({ kind: 'pair', code });
  $('pairResult').textContent = result.ok ? `Paired with the connector on port ${result.port}.` : result.error!;
  if (result.ok) $<HTMLInputElement>('pairCode').value = '';
  await refresh();
});

$('openOptions').addEventListener('click', (event) => {
  event.preventDefault();
  void chrome.runtime.openOptionsPage();
});

void ask<PopupState>({ kind: 'popup-state' }).then((first) => {
  render(first);
  renderSettings(first);
});
setInterval(() => void refresh(), 1000);
