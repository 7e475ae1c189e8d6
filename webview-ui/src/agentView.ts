/**
 * The Agent tab: what the assistants did in the browser, newest first, each with its agent, target, outcome and
 * summary. With several agents (MCP sessions), a filter shows one agent's actions and a button stops it.
 */
import type { AgentActionFrame } from '../../src/shared/wireFrames';
import type { TabView } from './consoleTab';
import { el, keepScroll, reconcile } from './dom';
import { post, state } from './state';
import { setActive, treeKeys } from './treeKeys';

const SHOWN = 1000;

function cell(className: string, text: string): HTMLElement {
  return el('span', { className, textContent: text });
}

function row(action: AgentActionFrame): HTMLElement {
  const line = el('div', {
    className: `row agent ${action.outcome === 'error' ? 'error' : 'ok'}`,
    tabIndex: -1,
  });
  line.setAttribute('role', 'treeitem');
  line.setAttribute('aria-label', `${action.tool} ${action.outcome}: ${action.summary}`);
  line.dataset.id = action.id;
  const agent = cell('agent', action.agent?.name ?? '—');
  // The agent's tab group colour, as Chrome shows its tabs.
  if (action.agent) agent.dataset.colour = action.agent.colour;
  line.append(
    cell('time', new Date(action.timestamp).toLocaleTimeString()),
    agent,
    cell('tool', action.tool),
    cell('message', action.target || '—'),
    cell('outcome', action.outcome === 'error' ? '✗ error' : '✓ ok'),
    cell('time', `${Math.round(action.durationMs)} ms`),
    // The summary is part of the row, always shown, wrapping when long (never only on hover).
    cell('summary', action.summary),
  );
  return line;
}

export function agentView(): TabView {
  const section = el('section');
  const empty = cell(
    'empty',
    'The assistant has not acted in the browser yet. Its clicks, fills, navigations and emulations appear here as they happen.',
  );
  const list = el('div', { className: 'rows agent-rows' });
  list.setAttribute('role', 'tree');
  list.setAttribute('aria-label', 'What the assistant did, newest first');
  treeKeys(list, { activate: () => undefined });
  const filter = agentFilter();
  const body = el('div');
  section.append(filter.element, body);
  const update = () => {
    filter.update();
    const shown = state.actions.length ? list : empty;
    if (body.firstElementChild !== shown) body.replaceChildren(shown);
    const picked = filter.picked();
    keepScroll(list, () =>
      reconcile(
        list,
        state.actions
          .filter((action) => picked === undefined || action.agent?.id === picked)
          .slice(-SHOWN)
          .reverse(),
        (action) => action.id,
        row,
        () => undefined,
      ),
    );
    setActive(list);
  };
  filter.onChange(update);
  update();
  return { element: section, update };
}

/** "All agents" or one agent seen in the actions, and a button that stops the picked one (its tabs close). */
function agentFilter() {
  const select = el('vscode-single-select', { title: 'Show the actions of one agent' });
  select.setAttribute('aria-label', 'Agent');
  const stop = el('vscode-button', {
    textContent: 'Stop agent',
    disabled: true,
    title: 'End its lease and close its tabs',
  });
  stop.setAttribute('secondary', '');
  stop.setAttribute('icon', 'debug-stop');
  const element = el('div', { className: 'toolbar agent-filter' }, select, stop);
  const picked = () => (select.value ? Number(select.value) : undefined);
  stop.addEventListener('click', () => {
    const id = picked();
    if (id !== undefined) post({ type: 'stopAgent', id });
  });
  const update = () => {
    const agents = new Map<number, string>();
    for (const action of state.actions) if (action.agent) agents.set(action.agent.id, action.agent.name);
    element.hidden = agents.size === 0;
    const options = [['', 'All agents'], ...[...agents].map(([id, name]) => [String(id), name])] as const;
    const current = select.value;
    if (select.children.length !== options.length)
      select.replaceChildren(...options.map(([value, label]) => el('vscode-option', { value, textContent: label })));
    select.value = options.some(([value]) => value === current) ? current : '';
    stop.disabled = picked() === undefined;
  };
  return { element, update, picked, onChange: (listener: () => void) => select.addEventListener('change', listener) };
}
