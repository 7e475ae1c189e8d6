/** The options page: remote mode's settings (on/off, edge URL, API key, session id) and its status. */
import type {
  ExtensionMessage,
  PopupState,
  RemoteSaveResult,
  RemoteSettings,
  RemoteSettingsView,
} from '../common/messages';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ask = <T>(message: ExtensionMessage) => chrome.runtime.sendMessage(message) as Promise<T>;
const input = (id: keyof RemoteSettings) => $<HTMLInputElement>(id);
const TEXT_FIELDS = ['url', 'apiKey', 'sessionId'] as const;

function fill(view: RemoteSettingsView): void {
  input('enabled').checked = view.enabled;
  input('allowScripts').checked = view.allowScripts;
  for (const field of TEXT_FIELDS) input(field).value = view[field];
  $('clientId').textContent = view.clientId ?? 'no key pair yet (made when remote mode is first turned on)';
}

function read(): RemoteSettings {
  return {
    enabled: input('enabled').checked,
    url: input('url').value,
    apiKey: input('apiKey').value,
    sessionId: input('sessionId').value,
    allowScripts: input('allowScripts').checked,
  };
}

function showError(field: keyof RemoteSettings | undefined, error: string | undefined): void {
  for (const name of TEXT_FIELDS) input(name).classList.toggle('invalid', name === field);
  $('error').hidden = !error;
  $('error').textContent = error ?? '';
  if (field) input(field).focus();
}

async function refreshStatus(): Promise<void> {
  const { remote } = await ask<PopupState>({ kind: 'popup-state' });
  $('state').textContent = remote ? remote.state : 'off: captures go to the local connector';
  $('queued').textContent = remote
    ? remote.dropped
      ? `${remote.queued} (${remote.dropped} dropped)`
      : String(remote.queued)
    : '–';
  $('lastError').textContent = remote?.lastError ?? '–';
}

$('form').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('saved').textContent = '';
  const result = await ask<RemoteSaveResult>({ kind: 'update-remote-settings', settings: read() });
  if (!result.ok) return showError(result.field, result.error);
  showError(undefined, undefined);
  fill(result.settings);
  $('saved').textContent = result.settings.enabled ? 'Saved: streaming to the edge.' : 'Saved: remote mode is off.';
  await refreshStatus();
});

$('newSession').addEventListener('click', () => {
  input('sessionId').value = crypto.randomUUID();
});

void ask<RemoteSettingsView>({ kind: 'remote-settings' }).then(fill);
void refreshStatus();
setInterval(() => void refreshStatus(), 1000);
