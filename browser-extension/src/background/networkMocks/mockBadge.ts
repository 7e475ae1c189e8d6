export const MOCK_BADGE_ID = 'browser-debug-mocks-badge';

/** In the page: a small pill in the bottom-left corner (the acting badge has the right), out of the pointer's way. */
function showInPage(id: string, label: string): void {
  let host = document.getElementById(id);
  if (!host) {
    host = document.createElement('div');
    host.id = id;
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'all:initial;position:fixed;left:12px;bottom:12px;z-index:2147483647;pointer-events:none;';
    const pill = document.createElement('div');
    pill.style.cssText =
      'font:12px/1.4 system-ui,sans-serif;color:#fff;background:rgba(176,84,0,.9);padding:4px 10px;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.3);';
    host.attachShadow({ mode: 'open' }).append(pill);
    document.documentElement.append(host);
  }
  host.dataset.label = label;
  (host.shadowRoot!.firstElementChild as HTMLElement).textContent = label;
}

function hideInPage(id: string): void {
  document.getElementById(id)?.remove();
}

/** Shows "2 network mocks" in the tab while rules are in force there, and removes it at zero. */
export async function showMockBadge(tabId: number, count: number): Promise<void> {
  const label = `Browser Debug: ${count} network mock${count === 1 ? '' : 's'}`;
  // Pages the extension may not script (chrome://, a closed tab) simply get no badge.
  const target = { tabId };
  const injected =
    count > 0
      ? chrome.scripting.executeScript({ target, func: showInPage, args: [MOCK_BADGE_ID, label] })
      : chrome.scripting.executeScript({ target, func: hideInPage, args: [MOCK_BADGE_ID] });
  await injected.catch(() => undefined);
}
