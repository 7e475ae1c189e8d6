import type { Settings } from '../common/messages';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What we capture and command: loopback origins, the origins the user added, or every http(s) site
 * when the user chose "all sites". A prompt-injected assistant cannot reach the user's bank tab.
 */
export function isInScope(url: string | undefined, settings: Settings): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (settings.allSites) return true;
  if (LOOPBACK.has(parsed.hostname) || parsed.hostname.endsWith('.localhost')) return true;
  return settings.extraOrigins.includes(parsed.origin);
}

/** Match patterns for the content scripts: the same scope, as Chrome spells it. */
export function scopePatterns(settings: Settings): string[] {
  if (settings.allSites) return ['http://*/*', 'https://*/*'];
  const loopback = ['localhost', '127.0.0.1', '[::1]', '*.localhost'].flatMap((host) => [
    `http://${host}/*`,
    `https://${host}/*`,
  ]);
  return [...loopback, ...settings.extraOrigins.map((origin) => `${origin}/*`)];
}

/**
 * The same scope as src/shared/remote's originMatcher spells it: what remote mode lets leave the machine.
 * "All sites" is not among them (every tab's captures would go to a server), nor is [::1], which
 * the matcher cannot name: remote sharing needs the origin listed.
 */
export function remoteOrigins(settings: Settings): string[] {
  const loopback = ['localhost', '127.0.0.1', '*.localhost'].flatMap((host) => [
    `http://${host}:*`,
    `https://${host}:*`,
  ]);
  return [...loopback, ...settings.extraOrigins];
}

/** With tabs locked, only those are captured. */
export function isTabCaptured(tabId: number | undefined, url: string | undefined, settings: Settings): boolean {
  if (tabId === undefined || tabId < 0) return false;
  if (settings.lockedTabs.length && !settings.lockedTabs.includes(tabId)) return false;
  return isInScope(url, settings);
}

export function outOfScopeMessage(url: string | undefined): string {
  return `The tab (${url ?? 'unknown URL'}) is outside Browser Debug's scope: only localhost pages and origins you add in the extension popup are captured and controlled. Add the origin there if you trust it.`;
}
