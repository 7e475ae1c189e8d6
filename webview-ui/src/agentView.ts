/** The Agent tab: what the assistant did in the browser, newest first, each with its target and outcome. */
import type { AgentActionFrame } from '../../src/shared/protocol';

const SHOWN = 1000;

function cell(className: string, text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

function row(action: AgentActionFrame): HTMLElement {
  const line = document.createElement('div');
  line.className = `row agent ${action.outcome === 'error' ? 'error' : 'ok'}`;
  line.dataset.id = action.id;
  line.title = action.summary;
  line.append(
    cell('time', new Date(action.timestamp).toLocaleTimeString()),
    cell('tool', action.tool),
    cell('message', action.target || '—'),
    cell('outcome', action.outcome === 'error' ? '✗ error' : '✓ ok'),
    cell('time', `${Math.round(action.durationMs)} ms`),
    cell('summary', action.summary),
  );
  return line;
}

export function agentView(actions: readonly AgentActionFrame[]): HTMLElement {
  const section = document.createElement('section');
  if (!actions.length) {
    section.append(
      cell(
        'empty',
        'The assistant has not acted in the browser yet. Its clicks, fills, navigations and emulations appear here as they happen.',
      ),
    );
    return section;
  }
  const list = document.createElement('div');
  list.className = 'rows agent-rows';
  list.append(...actions.slice(-SHOWN).reverse().map(row));
  section.append(list);
  return section;
}
