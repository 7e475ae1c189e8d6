/** The "Recording" badge: fixed in a corner, in its own shadow root, never in the way of clicks. */
const HOST_ID = '__browser-debug-recording-badge';

export function showBadge(document: Document): void {
  if (document.getElementById(HOST_ID)) return;
  const host = document.createElement('div');
  host.id = HOST_ID;
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:fixed;top:8px;right:8px;z-index:2147483647;pointer-events:none;';
  const shadow = host.attachShadow({ mode: 'closed' });
  const badge = document.createElement('div');
  badge.textContent = '● Recording';
  badge.setAttribute('data-browser-debug', 'recording');
  badge.style.cssText =
    'font:600 12px/1.6 system-ui,sans-serif;color:#fff;background:#c62828;padding:2px 10px;border-radius:10px;box-shadow:0 1px 4px rgba(0,0,0,.3);opacity:.92;';
  shadow.append(badge);
  (document.body ?? document.documentElement).append(host);
}

export function hideBadge(document: Document): void {
  document.getElementById(HOST_ID)?.remove();
}

export function isBadge(node: Node | null): boolean {
  return node instanceof Element && node.id === HOST_ID;
}
