/**
 * The unpacked extension follows VS Code's updates (issue #36): VS Code refreshes its stable copy of this
 * folder when the VS Code extension updates (src/vscode/setup/stableInstall.ts), and the connector it
 * starts reports the new version. When that version is newer than our manifest's, we reload from the
 * folder, which now holds the new build.
 *
 * Only when all of these hold:
 * 1. an unpacked (development) install: a store install updates through the store, never this way;
 * 2. the folder is VS Code's stable copy (its install record sits beside the manifest), not a checkout
 *    someone builds by hand;
 * 3. the connector's version is newer than ours;
 * 4. we have not reloaded for that version already: a folder that was not refreshed would loop.
 */
const INSTALL_RECORD = '.browser-debug-install.json';
const ATTEMPT_KEY = 'selfReloadFor';

/** What the last check decided (the worker's state shows it; tests wait for it). */
export type VersionCheck = 'current' | 'not-unpacked' | 'not-vscode-folder' | 'already-tried' | 'reloading';

export async function reloadIfNewer(connectorVersion: string | undefined): Promise<VersionCheck> {
  const ours = chrome.runtime.getManifest().version;
  if (!connectorVersion || compareVersions(connectorVersion, ours) <= 0) return 'current';
  const self = await chrome.management.getSelf();
  if (self.installType !== 'development') return 'not-unpacked';
  if (!(await fromStableFolder())) return 'not-vscode-folder';
  const attempted = (await chrome.storage.local.get(ATTEMPT_KEY))[ATTEMPT_KEY] as unknown;
  if (attempted === connectorVersion) return 'already-tried';
  await chrome.storage.local.set({ [ATTEMPT_KEY]: connectorVersion });
  chrome.runtime.reload();
  return 'reloading';
}

async function fromStableFolder(): Promise<boolean> {
  try {
    const response = await fetch(chrome.runtime.getURL(INSTALL_RECORD), { cache: 'no-store' });
    const record = (await response.json()) as { version?: unknown };
    return typeof record.version === 'string';
  } catch {
    return false;
  }
}

/** Numeric dotted versions (Chrome's manifest format): negative, zero or positive as `a` is older, equal or newer. */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference) return difference;
  }
  return 0;
}
