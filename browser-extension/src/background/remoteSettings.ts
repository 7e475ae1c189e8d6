import { generateClientKeys, type ClientKeys } from '../../../src/shared/remote';
import {
  DEFAULT_REMOTE,
  type RemoteSaveResult,
  type RemoteSettings,
  type RemoteSettingsView,
} from '../common/messages';
import { validateRemoteSettings } from './remoteValidation';

const KEY = 'remote';

/** The settings plus this browser's key pair, which belongs to the URL and API key it was made for. */
export interface StoredRemote extends RemoteSettings {
  keys?: ClientKeys;
}

let current: StoredRemote = { ...DEFAULT_REMOTE };
const listeners = new Set<(remote: StoredRemote) => void>();

const newSessionId = () => crypto.randomUUID();
const newKeys = () => generateClientKeys(`browser-extension-${crypto.randomUUID()}`);

/**
 * Remote settings live in chrome.storage.local (never sync: the private key and API key stay on this
 * machine). A session id exists from the start, so the user can share it before turning remote on.
 */
export async function loadRemote(): Promise<StoredRemote> {
  const stored = (await chrome.storage.local.get(KEY))[KEY] as Partial<StoredRemote> | undefined;
  current = { ...DEFAULT_REMOTE, ...stored };
  const keys = current.enabled && !current.keys ? await newKeys() : current.keys;
  if (!current.sessionId || keys !== current.keys)
    await store({ ...current, sessionId: current.sessionId || newSessionId(), keys });
  return current;
}

export function remoteSettings(): StoredRemote {
  return current;
}

/** What the options page sees: the private key stays in the worker. */
export function remoteView(): RemoteSettingsView {
  const { keys, ...settings } = current;
  return { ...settings, clientId: keys?.clientId };
}

/**
 * A new URL or API key means a new identity: the old key pair may be enrolled to another account, and
 * the old session belongs to it, so both are replaced (unless the user typed a session id too).
 */
export async function saveRemote(input: RemoteSettings): Promise<RemoteSaveResult> {
  const checked = validateRemoteSettings(input);
  if (!checked.ok) return checked;
  const next = checked.settings;
  const sameIdentity = next.url === current.url && next.apiKey === current.apiKey;
  let keys = sameIdentity ? current.keys : undefined;
  const sessionId =
    current.keys && !sameIdentity && next.sessionId === current.sessionId ? newSessionId() : next.sessionId;
  if (next.enabled && !keys) keys = await newKeys();
  await store({ ...next, sessionId, keys });
  return { ok: true, settings: remoteView() };
}

export function onRemoteChanged(listener: (remote: StoredRemote) => void): void {
  listeners.add(listener);
}

async function store(next: StoredRemote): Promise<void> {
  current = next;
  await chrome.storage.local.set({ [KEY]: next });
}

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local' || !(KEY in changes)) return;
  const next = { ...DEFAULT_REMOTE, ...(changes[KEY]!.newValue as Partial<StoredRemote> | undefined) };
  // Written without a key pair (e.g. straight into storage): make one first; that write notifies.
  if (next.enabled && !next.keys) return void newKeys().then((keys) => store({ ...next, keys }));
  current = next;
  for (const listener of listeners) listener(current);
});
