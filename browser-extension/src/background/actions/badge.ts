import { beginActivity } from '../actionBadge';

/** Badges open per tab: overlapping actions keep one badge up until the last ends. */
const open = new Map<number, number>();
/** The badge stays this long after an action so the developer can notice it. */
const LINGER_MS = 600;
export const BADGE_ID = 'browser-debug-acting-badge';

/** In the page: a small pill in the bottom-right corner, outside the accessibility tree and the pointer's way. */
function showInPage(id: string): void {
  if (document.getElementById(id)) return;
  const host = document.createElement('div');
  host.id = id;
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'all:initial;position:fixed;right:12px;bottom:12px;z-index:2147483647;pointer-events:none;';
  const pill = document.createElement('div');
  pill.textContent = 'Browser Debug is acting in this tab';
  pill.style.cssText =
    'font:12px/1.4 system-ui,sans-serif;color:#fff;background:rgba(30,30,46,.85);padding:4px 10px;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.3);';
  host.attachShadow({ mode: 'closed' }).append(pill);
  document.documentElement.append(host);
}

function hideInPage(id: string): void {
  document.getElementById(id)?.remove();
}

async function inject(tabId: number, func: (id: string) => void): Promise<void> {
  // Pages the extension may not script (chrome://, a closed tab) simply get no badge.
  await chrome.scripting.executeScript({ target: { tabId }, func, args: [BADGE_ID] }).catch(() => undefined);
}

/** Shows "Browser Debug is acting in this tab" while `work` runs in that tab. */
export async function withBadge<T>(tabId: number | undefined, work: () => Promise<T>): Promise<T> {
  if (tabId === undefined) return work();
  open.set(tabId, (open.get(tabId) ?? 0) + 1);
  const endActivity = beginActivity('acting', tabId);
  // Alongside the work, not before it: the badge must not slow the action down.
  const shown = inject(tabId, showInPage);
  try {
    return await work();
  } finally {
    // Not awaited: a page held by an open dialog runs the badge script only once the dialog closes.
    void shown.then(() =>
      setTimeout(() => {
        hide(tabId);
        endActivity();
      }, LINGER_MS),
    );
  }
}

function hide(tabId: number): void {
  const left = (open.get(tabId) ?? 1) - 1;
  if (left > 0) return void open.set(tabId, left);
  open.delete(tabId);
  void inject(tabId, hideInPage);
}
