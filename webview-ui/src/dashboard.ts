/**
 * The dashboard front end: plain DOM with VS Code's theme variables. It only renders what the host
 * posts and asks the host to act (open a file, a request, a screenshot); it never calls the connector.
 */
import type { DashboardData, DashboardScreenshot, HostToDashboard, DashboardToHost } from '../../src/shared/dashboardMessages';
import type { StoredConsoleError, StoredConsoleLog, StoredNetworkRequest } from '../../src/shared/protocol';
import type { AuditSummary } from '../../src/shared/audit';
import { isFailedRequest } from '../../src/shared/networkOutcome';
import { auditView } from './auditView';
import { verdictBanner } from './verdictBanner';
import type { DashboardVerdict } from '../../src/shared/dashboardMessages';

declare function acquireVsCodeApi(): { postMessage(message: DashboardToHost): void };
const vscode = acquireVsCodeApi();

type ConsoleEntry = StoredConsoleLog | StoredConsoleError;
type Tab = 'console' | 'network' | 'screenshots' | 'audits';
const LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const;
const MAX_ROWS = 2000;

const state = {
  tab: 'console' as Tab,
  console: [] as ConsoleEntry[],
  network: [] as StoredNetworkRequest[],
  screenshots: [] as DashboardScreenshot[],
  search: '',
  levels: new Set<string>(LEVELS),
  browserConnected: false,
  audit: undefined as AuditSummary | undefined,
  verdict: undefined as DashboardVerdict | undefined,
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

const levelOf = (entry: ConsoleEntry) => (entry.type === 'console-error' ? 'error' : entry.level);

function render(): void {
  const app = document.getElementById('app')!;
  const tabs = el('nav', { className: 'tabs' }, ...(['console', 'network', 'screenshots', 'audits'] as Tab[]).map((tab) => {
    const count = tab === 'console' ? state.console.length : tab === 'network' ? state.network.length : tab === 'screenshots' ? state.screenshots.length : 0;
    const button = el('button', { className: tab === state.tab ? 'tab active' : 'tab', textContent: `${tab[0]!.toUpperCase()}${tab.slice(1)}${count ? ` (${count})` : ''}` });
    button.dataset.tab = tab;
    button.onclick = () => ((state.tab = tab), render());
    return button;
  }));
  const status = el('span', { className: state.browserConnected ? 'status ok' : 'status', textContent: state.browserConnected ? '● browser connected' : '○ no browser connected' });
  const body = state.tab === 'console' ? consoleTab() : state.tab === 'network' ? networkTab() : state.tab === 'screenshots' ? screenshotsTab() : auditsTab();
  app.replaceChildren(el('header', {}, tabs, status), ...(state.verdict ? [verdictBanner(state.verdict)] : []), body);
}

function consoleTab(): HTMLElement {
  const search = el('input', { type: 'search', placeholder: 'Filter messages', value: state.search, className: 'search' });
  search.oninput = () => {
    state.search = search.value;
    renderRows();
  };
  const toggles = LEVELS.map((level) => {
    const box = el('input', { type: 'checkbox', checked: state.levels.has(level) });
    box.onchange = () => (box.checked ? state.levels.add(level) : state.levels.delete(level), renderRows());
    return el('label', { className: `level ${level}` }, box, level);
  });
  const list = el('div', { className: 'rows', id: 'console-rows' });
  const renderRows = () => {
    const needle = state.search.toLowerCase();
    const rows = state.console.filter((e) => state.levels.has(levelOf(e)) && (!needle || e.message.toLowerCase().includes(needle))).slice(-MAX_ROWS).reverse();
    list.replaceChildren(...rows.map((entry) => {
      const row = el('div', { className: `row ${levelOf(entry)}`, title: 'Open the source' }, el('span', { className: 'time', textContent: new Date(entry.timestamp).toLocaleTimeString() }), el('span', { className: 'badge', textContent: levelOf(entry) }), el('span', { className: 'message', textContent: entry.message.split('\n')[0]! }), el('span', { className: 'source', textContent: entry.source ?? '' }));
      row.dataset.id = entry.id;
      row.onclick = () => vscode.postMessage({ type: 'jumpToSource', id: entry.id });
      return row;
    }));
  };
  renderRows();
  return el('section', {}, el('div', { className: 'toolbar' }, search, ...toggles), list);
}

function networkTab(): HTMLElement {
  const rows = state.network.slice(-MAX_ROWS);
  const start = Math.min(...rows.map((r) => r.timestamp));
  const end = Math.max(...rows.map((r) => r.timestamp + (r.duration ?? 0)));
  const span = Math.max(1, end - start);
  const table = el('div', { className: 'rows network' }, ...rows.slice().reverse().map((request) => {
    const bar = el('span', { className: isFailedRequest(request) ? 'bar failed' : 'bar' });
    bar.style.marginLeft = `${((request.timestamp - start) / span) * 100}%`;
    bar.style.width = `${Math.max(0.5, ((request.duration ?? 0) / span) * 100)}%`;
    const row = el('div', { className: isFailedRequest(request) ? 'row failed' : 'row', title: request.url }, el('span', { className: 'method', textContent: request.method }), el('span', { className: 'status-code', textContent: request.error ? 'ERR' : String(request.status ?? '') }), el('span', { className: 'message', textContent: request.url }), el('span', { className: 'time', textContent: request.duration !== undefined ? `${request.duration} ms` : '' }), el('span', { className: 'waterfall' }, bar));
    row.dataset.id = request.id;
    row.onclick = () => vscode.postMessage({ type: 'openRequest', id: request.id });
    return row;
  }));
  return el('section', {}, table);
}

function screenshotsTab(): HTMLElement {
  const capture = el('button', { textContent: 'Capture screenshot' });
  capture.onclick = () => vscode.postMessage({ type: 'runCommand', command: 'browserDebug.captureScreenshot' });
  const grid = el('div', { className: 'grid' }, ...state.screenshots.slice().reverse().map((shot) => {
    const figure = el('figure', { className: 'thumb', title: shot.path }, el('img', { src: shot.src, alt: `Screenshot ${shot.width}×${shot.height}` }), el('figcaption', { textContent: `${new Date(shot.timestamp).toLocaleTimeString()} · ${shot.width}×${shot.height}` }));
    figure.onclick = () => vscode.postMessage({ type: 'openScreenshot', id: shot.id });
    return figure;
  }));
  return el('section', {}, el('div', { className: 'toolbar' }, capture), grid);
}

function auditsTab(): HTMLElement {
  const run = (command: 'browserDebug.runAccessibilityAudit' | 'browserDebug.runPerformanceAudit' | 'browserDebug.runFullAudit', label: string) => {
    const button = el('button', { textContent: label });
    button.onclick = () => vscode.postMessage({ type: 'runCommand', command });
    return button;
  };
  const toolbar = el('div', { className: 'toolbar' }, run('browserDebug.runFullAudit', 'Run full audit'), run('browserDebug.runAccessibilityAudit', 'Accessibility'), run('browserDebug.runPerformanceAudit', 'Performance'));
  if (!state.audit) return el('section', {}, toolbar, el('p', { className: 'empty', textContent: 'No audit yet: run one on the current page.' }));
  const open = el('button', { textContent: 'Open full report' });
  open.onclick = () => vscode.postMessage({ type: 'openReport' });
  toolbar.append(open);
  return el('section', {}, toolbar, auditView(state.audit));
}

function merge(data: DashboardData): void {
  state.console.push(...data.console);
  state.network.push(...data.network);
  state.screenshots.push(...data.screenshots);
  for (const list of [state.console, state.network] as unknown[][]) if (list.length > MAX_ROWS * 2) list.splice(0, list.length - MAX_ROWS);
}

window.addEventListener('message', (event: MessageEvent<HostToDashboard>) => {
  const message = event.data;
  if (message.type === 'audit') {
    state.audit = message.audit;
    state.tab = 'audits';
  } else if (message.type === 'verdict') state.verdict = { title: message.title, verdict: message.verdict };
  else if (message.type === 'snapshot') {
    if (message.audit) {
      state.audit = message.audit;
      state.tab = 'audits';
    }
    state.console = [];
    state.network = [];
    state.screenshots = [];
    state.browserConnected = message.browserConnected;
    merge(message);
  } else if (message.type === 'entries') merge(message);
  else if (message.type === 'status') {
    if (state.browserConnected === message.browserConnected) return;
    state.browserConnected = message.browserConnected;
  } else if (message.type === 'cleared') {
    state.console = [];
    state.network = [];
  }
  render();
});

render();
vscode.postMessage({ type: 'ready' });
