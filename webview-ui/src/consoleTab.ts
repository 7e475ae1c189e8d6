/**
 * The Console tab: a filter box and level toggles that stay put, and a tree of rows updated in place as
 * entries stream in, so typing in the filter or reading a row is never interrupted. A row expands
 * (click, Enter, Right) to the full message and its mapped stack, each frame a link to the source.
 */
import type { DashboardConsoleEntry } from '../../src/shared/dashboardMessages';
import { collapseRepeats, consoleRepeatKey, repeatSuffix } from '../../src/shared/repeats';
import { el, keepScroll, reconcile, setText } from './dom';
import { levelOf } from '../../src/shared/levels';
import { LEVELS, MAX_ROWS, post, state } from './state';
import { setActive, treeKeys } from './treeKeys';
import { codicon } from './elements';

/** A codicon in a text field's leading slot. */
function codiconSlot(name: string): HTMLElement {
  const icon = codicon(name);
  icon.slot = 'content-before';
  return icon;
}

/** The codicon beside each level's name, as VS Code's Problems and Debug Console show them. */
const LEVEL_ICONS: Record<string, string> = {
  error: 'error',
  warn: 'warning',
  info: 'info',
  log: 'output',
  debug: 'debug',
};

type Run = { entry: DashboardConsoleEntry; entries: DashboardConsoleEntry[] };

export interface TabView {
  element: HTMLElement;
  update(): void;
}

export function consoleTab(): TabView {
  const search = el('vscode-textfield', {
    type: 'search',
    placeholder: 'Filter messages',
    value: state.search,
    className: 'search',
    label: 'Filter console messages',
  });
  search.append(codiconSlot('filter'));
  const list = el('div', { className: 'rows', id: 'console-rows' });
  list.setAttribute('role', 'tree');
  list.setAttribute('aria-label', 'Console messages, newest first');
  const update = () => keepScroll(list, () => renderRows(list));
  search.addEventListener('input', () => {
    state.search = search.value;
    update();
  });
  const toggles = LEVELS.map((level) => {
    const box = el('vscode-checkbox', { checked: state.levels.has(level), label: level, className: `level ${level}` });
    box.addEventListener('change', () => {
      if (box.checked) state.levels.add(level);
      else state.levels.delete(level);
      update();
    });
    return box;
  });
  treeKeys(list, {
    activate: (row) => toggle(row),
    expand: (row, open) => open !== (row.getAttribute('aria-expanded') === 'true') && toggle(row),
  });
  renderRows(list);
  return { element: el('section', {}, el('div', { className: 'toolbar' }, search, ...toggles), list), update };
}

function renderRows(list: HTMLElement): void {
  const needle = state.search.toLowerCase();
  const shown = state.console
    .filter((e) => state.levels.has(levelOf(e)) && (!needle || e.message.toLowerCase().includes(needle)))
    .slice(-MAX_ROWS);
  // Identical consecutive entries show once with ×N, as in DevTools.
  const runs = collapseRepeats(shown, (entry) => consoleRepeatKey(entry, entry.location ?? entry.source)).reverse();
  reconcile(list, runs, (run) => run.entry.id, createRow, updateRow);
  setActive(list);
}

function createRow(run: Run): HTMLElement {
  const level = levelOf(run.entry);
  const line = el(
    'div',
    { className: `row ${level}` },
    el('span', { className: 'time', textContent: new Date(run.entry.timestamp).toLocaleTimeString() }),
    el('span', { className: 'badge' }, codicon(LEVEL_ICONS[level] ?? 'info'), level),
    el('span', { className: 'message' }),
    // The path is cut from its start (rtl box), its text kept in reading order (ltr span).
    el('button', { className: 'source link', title: 'Open the source' }, el('span', { className: 'path', dir: 'ltr' })),
  );
  const item = el('div', { className: `entry ${level}`, tabIndex: -1 }, line);
  item.setAttribute('role', 'treeitem');
  item.setAttribute('aria-level', '1');
  item.dataset.id = run.entry.id;
  line.onclick = (event) => {
    if ((event.target as HTMLElement).closest('.source')) return;
    toggle(item);
  };
  (line.querySelector('.source') as HTMLButtonElement).onclick = () => post({ type: 'jumpToSource', id: run.entry.id });
  updateRow(item, run);
  return item;
}

function updateRow(item: HTMLElement, run: Run): void {
  const { entry } = run;
  item.dataset.count = String(run.entries.length);
  setText(item.querySelector('.message')!, entry.message.split('\n')[0]! + repeatSuffix(run.entries.length));
  const source = item.querySelector<HTMLButtonElement>('.source')!;
  const where = entry.location ?? entry.source ?? '';
  setText(source.firstElementChild!, where);
  source.hidden = !where;
  source.setAttribute('aria-label', `Open ${where}`);
  const open = state.expanded.has(entry.id);
  item.setAttribute('aria-expanded', String(open));
  item.setAttribute('aria-label', `${levelOf(entry)}: ${entry.message.split('\n')[0]!.slice(0, 200)}`);
  const details = item.querySelector<HTMLElement>('.details');
  if (open) {
    // Rebuilt only when what it shows changed: an open row is updated on every log that arrives.
    const drawn = details && detailsDrawn.get(details);
    if (details && drawn?.entry === entry && drawn.frames === state.frames.get(entry.id)) return;
    const fresh = detailsOf(entry);
    if (details) details.replaceWith(fresh);
    else item.append(fresh);
  } else details?.remove();
}

/** Which entry, and which mapped stack, each open row's details were built from. */
const detailsDrawn = new WeakMap<Element, { entry: DashboardConsoleEntry; frames: unknown }>();

function toggle(item: HTMLElement): void {
  const id = item.dataset.id!;
  const entry = state.console.find((candidate) => candidate.id === id);
  if (!entry) return;
  if (state.expanded.has(id)) state.expanded.delete(id);
  else {
    state.expanded.add(id);
    if (!state.frames.has(id)) post({ type: 'expand', id });
  }
  const count = Number(item.dataset.count ?? 1);
  updateRow(item, { entry, entries: Array.from({ length: count }, () => entry) });
}

/** The whole message, then the stack: mapped frames with links once the host sent them, else as captured. */
function detailsOf(entry: DashboardConsoleEntry): HTMLElement {
  const details = el(
    'div',
    { className: 'details' },
    el('pre', { className: 'full-message', textContent: entry.message }),
  );
  details.setAttribute('role', 'group');
  const mapped = state.frames.get(entry.id);
  detailsDrawn.set(details, { entry, frames: mapped });
  if (mapped?.frames.length) {
    const frames = el('ol', { className: 'frames' });
    frames.setAttribute('aria-label', 'Stack');
    for (const frame of mapped.frames) {
      const link = el('a', { href: '#', className: 'frame-link', textContent: frame.label });
      link.onclick = (event) => {
        event.preventDefault();
        post({ type: 'openScript', url: frame.url, line: frame.line, column: frame.column });
      };
      frames.append(el('li', { className: frame.library ? 'frame library' : 'frame' }, link));
    }
    details.append(frames);
    if (mapped.totalFrames > mapped.frames.length)
      details.append(
        el('p', { className: 'more', textContent: `… ${mapped.totalFrames - mapped.frames.length} more frames` }),
      );
  } else {
    const stack = Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
    if (stack) details.append(el('pre', { className: 'stack', textContent: stack }));
    else if (!mapped) details.append(el('p', { className: 'more', textContent: 'Mapping the stack…' }));
  }
  return details;
}

/** The host sent a row's mapped stack: redraw that row if it is open. */
export function showFrames(list: HTMLElement | null, id: string): void {
  const item = list?.querySelector<HTMLElement>(`[data-key="${CSS.escape(id)}"]`);
  if (!item || !state.expanded.has(id)) return;
  const details = item.querySelector('.details');
  const entry = state.console.find((candidate) => candidate.id === id);
  if (details && entry) details.replaceWith(detailsOf(entry));
}
