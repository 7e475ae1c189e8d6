import type { BrowserCookie } from '../../shared/browserCommands';
import type { CookieHandover } from '../config/config';
import type { BrowserBridge } from '../wire/browserBridge';

export interface HandedOver {
  /** In CDP `Network.CookieParam` shape, ready for `BrowserContext.setCookie`. Held in memory only. */
  cookies: Record<string, unknown>[];
  names: string[];
  note: string;
}

const QUICK_MS = 5000;

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether the settings let this URL's cookies leave the user's browser for an audit. */
export function handoverAllowed(
  url: string,
  setting: CookieHandover,
  requested: boolean | undefined,
): { allowed: boolean; why: string } {
  if (requested === false) return { allowed: false, why: 'the request turned the cookie hand-over off' };
  if (setting === 'off') return { allowed: false, why: 'the cookie hand-over is off in the settings' };
  if (setting === 'loopback' && !isLoopbackUrl(url))
    return {
      allowed: false,
      why: 'the cookie hand-over covers loopback origins only (set browserDebug.audits.cookieHandover to "all" for other sites)',
    };
  return { allowed: true, why: '' };
}

const SAME_SITE: Record<string, string> = { no_restriction: 'None', lax: 'Lax', strict: 'Strict' };

/** Host-only cookies keep their host (via `url`); domain cookies (leading dot) keep their domain. */
export function toCookieParam(cookie: BrowserCookie, pageUrl: string): Record<string, unknown> {
  const scheme = new URL(pageUrl).protocol;
  const param: Record<string, unknown> = {
    name: cookie.name,
    value: cookie.value,
    path: cookie.path,
    secure: cookie.secure,
    httpOnly: cookie.httpOnly,
  };
  if (cookie.domain.startsWith('.')) param.domain = cookie.domain;
  else param.url = `${scheme}//${cookie.domain}${cookie.path}`;
  const sameSite = cookie.sameSite && SAME_SITE[cookie.sameSite];
  if (sameSite) param.sameSite = sameSite;
  if (cookie.expirationDate !== undefined) param.expires = cookie.expirationDate;
  return param;
}

const none = (note: string): HandedOver => ({ cookies: [], names: [], note });

/**
 * Asks the connected browser for the cookies it would send to `url`, but only when the settings allow
 * it and a tab on that origin is open there: the audit then sees the page as the user does.
 */
export async function handOverCookies(
  bridge: BrowserBridge,
  url: string,
  setting: CookieHandover,
  requested: boolean | undefined,
): Promise<HandedOver> {
  const policy = handoverAllowed(url, setting, requested);
  if (!policy.allowed) return none(`No cookies shared: ${policy.why}.`);
  if (!bridge.connected) return none('No cookies shared: no browser is connected, so the audit ran logged out.');
  const origin = new URL(url).origin;
  try {
    const { tabs } = await bridge.command('tabs', {}, QUICK_MS);
    const open = tabs.some((tab) => tab.url && URL.canParse(tab.url) && new URL(tab.url).origin === origin);
    if (!open) return none(`No cookies shared: ${origin} is not open in the connected browser.`);
    const { cookies: list } = await bridge.command('cookies', { url }, QUICK_MS);
    if (!list.length) return none(`No cookies shared: the browser has none for ${origin}.`);
    return {
      cookies: list.map((cookie) => toCookieParam(cookie, url)),
      names: list.map((cookie) => cookie.name),
      note: `Shared ${list.length} cookie(s) of ${origin} from the connected browser, in a throwaway context discarded after the audit.`,
    };
  } catch (error) {
    return none(`No cookies shared: the browser did not hand them over (${(error as Error).message}).`);
  }
}
