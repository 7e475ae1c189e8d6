import { DEFAULT_SETTINGS, type Settings } from '../common/messages';

const KEY = 'settings';
let current: Settings = { ...DEFAULT_SETTINGS };
const listeners = new Set<(settings: Settings) => void>();

/** Settings live in chrome.storage.local; the worker keeps a copy and hears every change. */
export async function loadSettings(): Promise<Settings> {
  const stored = (await chrome.storage.local.get(KEY))[KEY] as Partial<Settings> | undefined;
  current = { ...DEFAULT_SETTINGS, ...stored };
  return current;
}

export function settings(): Settings {
  return current;
}

export async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  await chrome.storage.local.set({ [KEY]: { ...current, ...patch } });
  return loadSettings();
}

export function onSettingsChanged(listener: (settings: Settings) => void): void {
  listeners.add(listener);
}

chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local' || !(KEY in changes)) return;
  current = { ...DEFAULT_SETTINGS, ...(changes[KEY]!.newValue as Partial<Settings>) };
  for (const listener of listeners) listener(current);
});
