/**
 * The dashboard front end: plain DOM with VS Code's theme variables. The header, the tabs and each
 * tab's controls are built once; messages update them in place, so focus, typing and scroll survive
 * a stream of logs. Tabs change only when the reader picks one (or their own command asks the host
 * to show one), never because data arrived. It asks the host to act; it never calls the connector.
 */
import type { DashboardData, DashboardLeaks, DashboardTab, HostToDashboard } from '../../src/shared/dashboardMessages';
import { agentView } from './agentView';
import { consoleTab, showFrames, type TabView } from './consoleTab';
import { el, setText } from './dom';
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

const buttons = new Map<DashboardTab, HTMLButtonElement>();
const tablist = el('nav', { className: 'tabs' });
tablist.setAttribute('role', 'tablist');
tablist.setAttribute('aria-label', 'Browser Debug');
const status = el('span', { className: 'status' });
status.setAttribute('role', 'status');
const verdictSlot = el('div', { className: 'verdict-slot' });
const leakSlot = el('div', { className: 'leak-slot' });
const panel = el('div', { className: 'panel', id: 'tab-panel' });
panel.setAttribute('role', 'tabpanel');
let current: TabView | undefined;

for (const tab of TABS) {
  const button = el('button', { className: 'tab', id: `tab-${tab}` });
  button.dataset.tab = tab;
  button.setAttribute('role', 'tab');
  button.setAttribute('aria-controls', 'tab-panel');
  button.onclick = () => select(tab);
  buttons.set(tab, button);
  tablist.append(button);
}
tablist.addEventListener('keydown', (event) => {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step) return;
  const next = TABS[(TABS.indexOf(state.tab) + step + TABS.length) % TABS.length]!;
  select(next);
  buttons.get(next)!.focus();
  event.preventDefault();
});
document.getElementById('app')!.append(el('header', {}, tablist, status), verdictSlot, leakSlot, panel);

function select(tab: DashboardTab): void {
  if (tab === state.tab && current) return;
  state.tab = tab;
  state.unseen.delete(tab);
  current = BUILDERS[tab]();
  panel.replaceChildren(current.element);
  panel.setAttribute('aria-labelledby', `tab-${tab}`);
  updateChrome();
}

/** Tab labels and selection, the connection status and the verdict: cheap, in place. */
function updateChrome(): void {
  const counts: Record<DashboardTab, number> = {
    console: state.console.length,
    network: state.network.length,
    screenshots: state.screenshots.length,
    performance: 0,
    agent: state.actions.length,
  };
  for (const [tab, button] of buttons) {
    const active = tab === state.tab;
    const name = `${tab[0]!.toUpperCase()}${tab.slice(1)}`;
    // New results elsewhere get a dot, not a tab switch.
    const unseen = state.unseen.has(tab) ? ' •' : '';
    setText(button, `${name}${counts[tab] ? ` (${counts[tab]})` : ''}${unseen}`);
    button.setAttribute('aria-label', `${name}${counts[tab] ? `, ${counts[tab]}` : ''}${unseen && ', new results'}`);
    button.className = active ? 'tab active' : 'tab';
    button.setAttribute('aria-selected', String(active));
    button.tabIndex = active ? 0 : -1;
  }
  status.className = state.browserConnected ? 'status ok' : 'status';
  setText(status, state.browserConnected ? '● browser connected' : '○ no browser connected');
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
