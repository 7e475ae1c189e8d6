/** The Agent tab: what the assistant did in the browser, newest first, each with its target, outcome and summary. */
import type { AgentActionFrame } from '../../src/shared/wireFrames';
import type { TabView } from './consoleTab';
import { el, keepScroll, reconcile } from './dom';
import { state } from './state';
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
  line.append(
    cell('time', new Date(action.timestamp).toLocaleTimeString()),
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
  const update = () => {
    const shown = state.actions.length ? list : empty;
    if (section.firstElementChild !== shown) section.replaceChildren(shown);
    keepScroll(list, () =>
      reconcile(
        list,
        state.actions.slice(-SHOWN).reverse(),
        (action) => action.id,
        row,
        () => undefined,
      ),
    );
    setActive(list);
  };
  update();
  return { element: section, update };
}
