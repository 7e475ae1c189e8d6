/**
 * The dashboard front end: plain DOM with VS Code's theme variables. It only renders what the host
 * posts and asks the host to act (open a file, a request, a screenshot); it never calls the connector.
 */
import type {
  DashboardConsoleEntry,
  DashboardData,
  DashboardPerformance,
  DashboardScreenshot,
  HostToDashboard,
  DashboardToHost,
} from '../../src/shared/dashboardMessages';
import type { AgentActionFrame, StoredNetworkRequest } from '../../src/shared/protocol';
import { collapseRepeats, consoleRepeatKey, repeatSuffix } from '../../src/shared/repeats';
import type { AuditSummary } from '../../src/shared/audit';
import { isFailedRequest } from '../../src/shared/networkOutcome';
import { agentView } from './agentView';
import { auditView } from './auditView';
import { traceView, vitalsTable } from './performanceView';
import { verdictBanner } from './verdictBanner';
import type { DashboardVerdict } from '../../src/shared/dashboardMessages';

declare function acquireVsCodeApi(): { postMessage(message: DashboardToHost): void };
const vscode = acquireVsCodeApi();

type ConsoleEntry = DashboardConsoleEntry;
type Tab = 'console' | 'network' | 'screenshots' | 'performance' | 'agent';
const LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const;
const MAX_ROWS = 2000;

const state = {
  tab: 'console' as Tab,
  console: [] as ConsoleEntry[],
  network: [] as StoredNetworkRequest[],
  screenshots: [] as DashboardScreenshot[],
  actions: [] as AgentActionFrame[],
  search: '',
  levels: new Set<string>(LEVELS),
  browserConnected: false,
  audit: undefined as AuditSummary | undefined,
  performance: { vitals: [] } as DashboardPerformance,
  verdict: undefined as DashboardVerdict | undefined,
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

const levelOf = (entry: ConsoleEntry) => (entry.type === 'console-error' ? 'error' : entry.level);

function render(): void {
  const app = document.getElementById('app')!;
  const tabs = el(
    'nav',
    { className: 'tabs' },
    ...(['console', 'network', 'screenshots', 'performance', 'agent'] as Tab[]).map((tab) => {
      const count = {
        console: state.console.length,
        network: state.network.length,
        screenshots: state.screenshots.length,
        performance: 0,
        agent: state.actions.length,
      }[tab];
      const button = el('button', {
        className: tab === state.tab ? 'tab active' : 'tab',
        textContent: `${tab[0]!.toUpperCase()}${tab.slice(1)}${count ? ` (${count})` : ''}`,
      });
      button.dataset.tab = tab;
      button.onclick = () => ((state.tab = tab), render());
      return button;
    }),
  );
  const status = el('span', {
    className: state.browserConnected ? 'status ok' : 'status',
    textContent: state.browserConnected ? '● browser connected' : '○ no browser connected',
  });
  const body =
    state.tab === 'console'
      ? consoleTab()
      : state.tab === 'network'
        ? networkTab()
        : state.tab === 'screenshots'
          ? screenshotsTab()
          : state.tab === 'agent'
            ? agentView(state.actions)
            : performanceTab();
  app.replaceChildren(el('header', {}, tabs, status), ...(state.verdict ? [verdictBanner(state.verdict)] : []), body);
}

function consoleTab(): HTMLElement {
  const search = el('input', {
    type: 'search',
    placeholder: 'Filter messages',
    value: state.search,
    className: 'search',
  });
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
    const shown = state.console
      .filter((e) => state.levels.has(levelOf(e)) && (!needle || e.message.toLowerCase().includes(needle)))
      .slice(-MAX_ROWS);
    // Identical consecutive entries show once with ×N, as in DevTools.
    const runs = collapseRepeats(shown, (entry) => consoleRepeatKey(entry, entry.location ?? entry.source)).reverse();
    list.replaceChildren(
      ...runs.map(({ entry, entries }) => {
        const row = el(
          'div',
          { className: `row ${levelOf(entry)}`, title: 'Open the source' },
          el('span', { className: 'time', textContent: new Date(entry.timestamp).toLocaleTimeString() }),
          el('span', { className: 'badge', textContent: levelOf(entry) }),
          el('span', {
            className: 'message',
            textContent: entry.message.split('\n')[0]! + repeatSuffix(entries.length),
          }),
          el('span', { className: 'source', textContent: entry.location ?? entry.source ?? '' }),
        );
        row.dataset.id = entry.id;
        row.onclick = () => vscode.postMessage({ type: 'jumpToSource', id: entry.id });
        return row;
      }),
    );
  };
  renderRows();
  return el('section', {}, el('div', { className: 'toolbar' }, search, ...toggles), list);
}

function networkTab(): HTMLElement {
  const rows = state.network.slice(-MAX_ROWS);
  const start = Math.min(...rows.map((r) => r.timestamp));
  const end = Math.max(...rows.map((r) => r.timestamp + (r.duration ?? 0)));
  const span = Math.max(1, end - start);
  const table = el(
    'div',
    { className: 'rows network' },
    ...rows
      .slice()
      .reverse()
      .map((request) => {
        const bar = el('span', { className: isFailedRequest(request) ? 'bar failed' : 'bar' });
        bar.style.marginLeft = `${((request.timestamp - start) / span) * 100}%`;
        bar.style.width = `${Math.max(0.5, ((request.duration ?? 0) / span) * 100)}%`;
        const row = el(
          'div',
          { className: isFailedRequest(request) ? 'row failed' : 'row', title: request.url },
          el('span', { className: 'method', textContent: request.method }),
          el('span', { className: 'status-code', textContent: request.error ? 'ERR' : String(request.status ?? '') }),
          el('span', { className: 'message', textContent: request.url }),
          el('span', {
            className: 'time',
            textContent: request.duration !== undefined ? `${request.duration} ms` : '',
          }),
          el('span', { className: 'waterfall' }, bar),
        );
        row.dataset.id = request.id;
        row.onclick = () => vscode.postMessage({ type: 'openRequest', id: request.id });
        return row;
      }),
  );
  return el('section', {}, table);
}

function screenshotsTab(): HTMLElement {
  const capture = el('button', { textContent: 'Capture screenshot' });
  capture.onclick = () => vscode.postMessage({ type: 'runCommand', command: 'browserDebug.captureScreenshot' });
  const grid = el(
    'div',
    { className: 'grid' },
    ...state.screenshots
      .slice()
      .reverse()
      .map((shot) => {
        const figure = el(
          'figure',
          { className: 'thumb', title: shot.path },
          el('img', { src: shot.src, alt: `Screenshot ${shot.width}×${shot.height}` }),
          el('figcaption', {
            textContent: `${new Date(shot.timestamp).toLocaleTimeString()} · ${shot.width}×${shot.height}`,
          }),
        );
        figure.onclick = () => vscode.postMessage({ type: 'openScreenshot', id: shot.id });
        return figure;
      }),
  );
  return el('section', {}, el('div', { className: 'toolbar' }, capture), grid);
}

/** Vitals per page load, the latest trace, then the latest Lighthouse audit. */
function performanceTab(): HTMLElement {
  const record = el('button', { textContent: 'Record performance trace' });
  record.onclick = () => vscode.postMessage({ type: 'recordTrace' });
  const toolbar = el('div', { className: 'toolbar' }, record);
  const { vitals, trace } = state.performance;
  if (trace) {
    const open = el('button', { textContent: 'Open trace file', title: trace.path });
    open.onclick = () => vscode.postMessage({ type: 'openTraceFile' });
    toolbar.append(open);
  }
  const parts: HTMLElement[] = [toolbar, el('h3', { textContent: 'Web Vitals per page load' })];
  parts.push(
    vitals.length
      ? vitalsTable(vitals)
      : el('p', { className: 'empty', textContent: 'No Web Vitals yet: load a page in the connected browser.' }),
  );
  if (trace)
    parts.push(
      el('h3', { textContent: 'Latest trace' }),
      traceView(trace, (message) => vscode.postMessage(message)),
    );
  return el('section', {}, ...parts, el('h3', { textContent: 'Lighthouse audit' }), auditsTab());
}

function auditsTab(): HTMLElement {
  const run = (
    command: 'browserDebug.runAccessibilityAudit' | 'browserDebug.runPerformanceAudit' | 'browserDebug.runFullAudit',
    label: string,
  ) => {
    const button = el('button', { textContent: label });
    button.onclick = () => vscode.postMessage({ type: 'runCommand', command });
    return button;
  };
  const toolbar = el(
    'div',
    { className: 'toolbar' },
    run('browserDebug.runFullAudit', 'Run full audit'),
    run('browserDebug.runAccessibilityAudit', 'Accessibility'),
    run('browserDebug.runPerformanceAudit', 'Performance'),
  );
  if (!state.audit)
    return el(
      'section',
      {},
      toolbar,
      el('p', { className: 'empty', textContent: 'No audit yet: run one on the current page.' }),
    );
  const open = el('button', { textContent: 'Open full report' });
  open.onclick = () => vscode.postMessage({ type: 'openReport' });
  toolbar.append(open);
  return el('section', {}, toolbar, auditView(state.audit));
}

function merge(data: DashboardData): void {
  state.console.push(...data.console);
  state.network.push(...data.network);
  state.screenshots.push(...data.screenshots);
  state.actions.push(...data.actions.filter((action) => !state.actions.some((known) => known.id === action.id)));
  for (const list of [state.console, state.network, state.actions] as unknown[][])
    if (list.length > MAX_ROWS * 2) list.splice(0, list.length - MAX_ROWS);
}

window.addEventListener('message', (event: MessageEvent<HostToDashboard>) => {
  const message = event.data;
  if (message.type === 'audit') {
    state.audit = message.audit;
    state.tab = 'performance';
  } else if (message.type === 'performance') {
    const newTrace = message.trace && message.trace.id !== state.performance.trace?.id;
    state.performance = { vitals: message.vitals, trace: message.trace };
    if (newTrace) state.tab = 'performance';
    else if (state.tab !== 'performance') return;
  } else if (message.type === 'verdict') state.verdict = { title: message.title, verdict: message.verdict };
  else if (message.type === 'snapshot') {
    if (message.performance) state.performance = message.performance;
    if (message.audit || message.performance?.trace) state.tab = 'performance';
    if (message.audit) state.audit = message.audit;
    state.console = [];
    state.network = [];
    state.screenshots = [];
    state.actions = [];
    state.browserConnected = message.browserConnected;
    merge(message);
  } else if (message.type === 'entries') merge(message);
  else if (message.type === 'status') {
    if (state.browserConnected === message.browserConnected) return;
    state.browserConnected = message.browserConnected;
  } else if (message.type === 'cleared') {
    state.console = [];
    state.network = [];
  } else if (message.type === 'locations') {
    const byId = new Map(message.locations.map((item) => [item.id, item.location]));
    for (const entry of state.console) entry.location = byId.get(entry.id) ?? entry.location;
  }
  render();
});

render();
vscode.postMessage({ type: 'ready' });
