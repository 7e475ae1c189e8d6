/**
 * The Network tab: requests newest first, updated in place; Enter or a click opens the details, the
 * context menu has VS Code's request actions (Copy as cURL, Mock This Request…). The waterfall is drawn
 * per page load, so one load's bars are not slivers beside another's.
 */
import type { StoredNetworkRequest } from '../../src/shared/protocol';
import { isFailedRequest } from '../../src/shared/networkOutcome';
import type { TabView } from './consoleTab';
import { el, keepScroll, reconcile, setText } from './dom';
import { MAX_ROWS, post, state } from './state';
import { setActive, treeKeys } from './treeKeys';

interface Span {
  start: number;
  span: number;
}

function formatMs(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Each page load's first start and last end: the scale its requests' bars are drawn on. */
function loadSpans(rows: readonly StoredNetworkRequest[]): Map<string, Span> {
  const bounds = new Map<string, { start: number; end: number }>();
  for (const request of rows) {
    const end = request.timestamp + (request.duration ?? 0);
    const known = bounds.get(request.pageLoadId);
    if (!known) bounds.set(request.pageLoadId, { start: request.timestamp, end });
    else
      bounds.set(request.pageLoadId, {
        start: Math.min(known.start, request.timestamp),
        end: Math.max(known.end, end),
      });
  }
  return new Map([...bounds].map(([id, { start, end }]) => [id, { start, span: Math.max(1, end - start) }]));
}

export function networkTab(): TabView {
  const list = el('div', { className: 'rows network' });
  list.setAttribute('role', 'tree');
  list.setAttribute('aria-label', 'Network requests, newest first');
  treeKeys(list, { activate: (row) => post({ type: 'openRequest', id: row.dataset.key! }) });
  const update = () =>
    keepScroll(list, () => {
      const rows = state.network.slice(-MAX_ROWS);
      const spans = loadSpans(rows);
      const spanOf = (request: StoredNetworkRequest) => spans.get(request.pageLoadId)!;
      reconcile(
        list,
        rows.slice().reverse(),
        (request) => request.id,
        (request) => createRow(request, spanOf(request)),
        (row, request) => updateRow(row, request, spanOf(request)),
      );
      setActive(list);
    });
  update();
  return { element: el('section', {}, list), update };
}

function createRow(request: StoredNetworkRequest, span: Span): HTMLElement {
  const row = el(
    'div',
    { tabIndex: -1 },
    el('span', { className: 'method' }),
    el('span', { className: 'status-code' }),
    el('span', { className: 'message' }),
    el('span', { className: 'time' }),
    el('span', { className: 'waterfall' }, el('span', { className: 'bar' })),
  );
  row.setAttribute('role', 'treeitem');
  row.dataset.id = request.id;
  // VS Code's webview context menu: package.json's `webview/context` entries for this section get the id.
  row.dataset.vscodeContext = JSON.stringify({
    webviewSection: 'request',
    requestId: request.id,
    preventDefaultContextMenuItems: true,
  });
  row.onclick = () => post({ type: 'openRequest', id: request.id });
  updateRow(row, request, span);
  return row;
}

function updateRow(row: HTMLElement, request: StoredNetworkRequest, { start, span }: Span): void {
  const failed = isFailedRequest(request);
  row.className = failed ? 'row failed' : 'row';
  row.title = request.url;
  const status = request.error ? 'ERR' : String(request.status ?? '');
  setText(row.querySelector('.method')!, request.method);
  setText(row.querySelector('.status-code')!, status);
  setText(row.querySelector('.message')!, request.url);
  setText(row.querySelector('.time')!, formatMs(request.duration));
  row.setAttribute(
    'aria-label',
    `${request.method} ${status || 'pending'} ${request.url} ${formatMs(request.duration)}`,
  );
  const bar = row.querySelector<HTMLElement>('.bar')!;
  bar.className = failed ? 'bar failed' : 'bar';
  bar.style.marginLeft = `${((request.timestamp - start) / span) * 100}%`;
  bar.style.width = `${Math.max(0.5, ((request.duration ?? 0) / span) * 100)}%`;
}
