/**
 * The dashboard front end: VS Code's own controls (@vscode-elements) and codicons, theme colours only.
 * The tabs and each tab's controls are built once; messages update them in place, so focus, typing and scroll survive
 * a stream of logs. Tabs change only when the reader picks one (or their own command asks the host
 * to show one), never because data arrived. It asks the host to act; it never calls the connector.
 */
import type { DashboardData, DashboardLeaks, DashboardTab, HostToDashboard } from '../../src/shared/dashboardMessages';
import { agentView } from './agentView';
import { consoleTab, showFrames, type TabView } from './consoleTab';
import { el, setText } from './dom';
import { codicon } from './elements';
import { leakView } from './leakView';
import { networkTab } from './networkTab';
import { performanceTab, screenshotsTab } from './otherTabs';
import { MAX_ROWS, post, state } from './state';
import { verdictBanner } from './verdictBanner';

const TABS: DashboardTab[] = ['console', 'network', 'screenshots', 'performance', 'agent'];
const BUILDERS: Record<DashboardTab, () => TabView> = {
  console: consoleTab,
  network: networkTab,
  screenshots: screenshotsTab,
  performance: performanceTab,
  agent: agentView,
};

const tabs = el('vscode-tabs', {});
tabs.setAttribute('aria-label', 'Browser Debug');
const headers = new Map<DashboardTab, HTMLElement>();
const panels = new Map<DashboardTab, HTMLElement>();
for (const tab of TABS) {
  const header = el('vscode-tab-header', {}, el('span', { className: 'tab-name' }));
  header.dataset.tab = tab;
  header.slot = 'header';
  headers.set(tab, header);
  panels.set(tab, el('vscode-tab-panel', {}));
}
tabs.append(...headers.values(), ...panels.values());
const status = el('span', { className: 'status' }, codicon('debug-disconnect'), el('span', {}));
status.setAttribute('role', 'status');
status.slot = 'addons';
tabs.append(status);
tabs.addEventListener('vsc-tabs-select', (event) => {
  const index = (event as CustomEvent<{ selectedIndex: number }>).detail.selectedIndex;
  select(TABS[index]!);
});
const verdictSlot = el('div', { className: 'verdict-slot' });
const leakSlot = el('div', { className: 'leak-slot' });
let current: TabView | undefined;
document.getElementById('app')!.append(verdictSlot, leakSlot, tabs);

/** Shows `tab`: its view is built fresh in its own panel; the others' panels are emptied. */
function select(tab: DashboardTab): void {
  if (tab === state.tab && current) return;
  state.tab = tab;
  state.unseen.delete(tab);
  current = BUILDERS[tab]();
  for (const [name, panel] of panels) panel.replaceChildren(...(name === tab ? [current.element] : []));
  tabs.selectedIndex = TABS.indexOf(tab);
  updateChrome();
}

/** Tab labels with counter badges, the connection status and the verdict: cheap, in place. */
function updateChrome(): void {
  const counts: Record<DashboardTab, number> = {
    console: state.console.length,
    network: state.network.length,
    screenshots: state.screenshots.length,
    performance: 0,
    agent: state.actions.length,
  };
  for (const [tab, header] of headers) {
    const name = `${tab[0]!.toUpperCase()}${tab.slice(1)}`;
    // New results elsewhere get a dot, not a tab switch.
    const unseen = state.unseen.has(tab);
    setText(header.querySelector('.tab-name')!, name);
    badge(header, 'count', counts[tab] ? String(counts[tab]) : '');
    badge(header, 'unseen', unseen ? 'new' : '');
    header.setAttribute(
      'aria-label',
      `${name}${counts[tab] ? `, ${counts[tab]}` : ''}${unseen ? ', new results' : ''}`,
    );
  }
  status.className = state.browserConnected ? 'status ok' : 'status';
  status.firstElementChild!.className = `codicon codicon-${state.browserConnected ? 'pass-filled' : 'debug-disconnect'}`;
  setText(status.lastElementChild!, state.browserConnected ? 'browser connected' : 'no browser connected');
}

/** A header's counter badge (`count`) or "new" badge (`unseen`), removed when `text` is empty. */
function badge(header: HTMLElement, kind: string, text: string): void {
  let node = header.querySelector<HTMLElement>(`vscode-badge.${kind}`);
  if (!text) return node?.remove();
  if (!node) {
    node = el('vscode-badge', { className: kind });
    node.setAttribute('variant', kind === 'count' ? 'counter' : 'default');
    node.slot = 'content-after';
    header.append(node);
  }
  setText(node, text);
}

function showVerdict(): void {
  verdictSlot.replaceChildren(
    ...(state.verdict
      ? [
          verdictBanner(state.verdict, () => {
            state.verdict = undefined;
            verdictSlot.replaceChildren();
            post({ type: 'dismissVerdict' });
          }),
        ]
      : []),
  );
}

function showLeaks(leaks: DashboardLeaks): void {
  leakSlot.replaceChildren(
    leakView(leaks, () => {
      leakSlot.replaceChildren();
      post({ type: 'dismissLeaks' });
    }),
  );
}

function merge(data: DashboardData): void {
  state.console.push(...data.console);
  state.network.push(...data.network);
  state.screenshots.push(...data.screenshots);
  state.actions.push(...data.actions.filter((action) => !state.actions.some((known) => known.id === action.id)));
  for (const list of [state.console, state.network, state.actions] as unknown[][])
    if (list.length > MAX_ROWS * 2) list.splice(0, list.length - MAX_ROWS);
}

function receive(message: HostToDashboard): void {
  switch (message.type) {
    case 'audit':
      state.audit = message.audit;
      if (state.tab !== 'performance') state.unseen.add('performance');
      break;
    case 'performance':
      if (message.trace && message.trace.id !== state.performance.trace?.id && state.tab !== 'performance')
        state.unseen.add('performance');
      state.performance = { vitals: message.vitals, trace: message.trace };
      break;
    case 'verdict':
      state.verdict = { title: message.title, verdict: message.verdict };
      return showVerdict();
    case 'leaks':
      return showLeaks(message);
    case 'showTab':
      return select(message.tab);
    case 'snapshot':
      if (message.performance) state.performance = message.performance;
      if (message.audit) state.audit = message.audit;
      state.console = [];
      state.network = [];
      state.screenshots = [];
      state.actions = [];
      state.browserConnected = message.browserConnected;
      merge(message);
      break;
    case 'entries':
      merge(message);
      break;
    case 'status':
      if (state.browserConnected === message.browserConnected) return;
      state.browserConnected = message.browserConnected;
      break;
    case 'cleared':
      state.console = [];
      state.network = [];
      state.expanded.clear();
      break;
    case 'locations': {
      const byId = new Map(message.locations.map((item) => [item.id, item.location]));
      for (const entry of state.console) entry.location = byId.get(entry.id) ?? entry.location;
      break;
    }
    case 'details':
      state.frames.set(message.id, { frames: message.frames, totalFrames: message.totalFrames });
      return showFrames(document.getElementById('console-rows'), message.id);
  }
  updateChrome();
  current?.update();
}

window.addEventListener('message', (event: MessageEvent<HostToDashboard>) => receive(event.data));
select('console');
post({ type: 'ready' });
