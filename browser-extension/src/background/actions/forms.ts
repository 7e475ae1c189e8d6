import { CommandError } from '../commandError';
import type { Acting } from './acting';
import { pressKey } from './keyboard';
import { callOn, nodeFacts } from './locate';
import { actionPoint } from './mouse';

const FILL_CHECK = `function () {
  const el = this;
  if (el.isContentEditable) return 'editable';
  const tag = el.tagName;
  if (tag === 'TEXTAREA') return el.readOnly ? 'readonly' : 'editable';
  if (tag === 'SELECT') return 'select';
  if (tag !== 'INPUT') return 'other';
  if (['date', 'time', 'datetime-local', 'month', 'week', 'range', 'color'].includes(el.type)) return el.readOnly ? 'readonly' : 'picker';
  if (['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(el.type)) return 'type:' + el.type;
  return el.readOnly ? 'readonly' : 'editable';
}`;

/** Selects the whole content of an input, textarea or contenteditable, so the next typing replaces it. */
const SELECT_ALL = `function () {
  this.focus();
  if (typeof this.select === 'function') { this.select(); return; }
  const range = document.createRange();
  range.selectNodeContents(this);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}`;

/**
 * Clears and fills a field as typing would: focus, select all, then trusted text input (or a trusted
 * Delete for an empty value), so controlled inputs (React, Vue) see their input and change events.
 */
export async function fillNode(session: Acting, backendNodeId: number, value: string): Promise<void> {
  const { send } = session;
  const kind = await callOn<string>(send, backendNodeId, FILL_CHECK);
  if (kind === 'select') return selectOptions(session, backendNodeId, [value]);
  if (kind === 'picker') return setPickerValue(session, backendNodeId, value);
  const { label } = await nodeFacts(send, backendNodeId);
  if (kind === 'readonly') throw new CommandError('NOT_EDITABLE', `${label} is read-only, so it cannot be filled.`);
  if (kind !== 'editable')
    throw new CommandError(
      'NOT_EDITABLE',
      `${label} is not a text field${kind.startsWith('type:') ? ` (it is an input of type ${kind.slice(5)})` : ''}: fill takes an input, textarea or contenteditable. Use click for checkboxes and buttons, select_option for a select.`,
    );
  await actionPoint(session, backendNodeId);
  await send('DOM.focus', { backendNodeId }).catch(() => undefined);
  await callOn(send, backendNodeId, SELECT_ALL);
  if (value === '') await pressKey(session, 'Delete');
  else await send('Input.insertText', { text: value });
  // A blur would fire change on inputs; typing users leave the focus where it is, so do we.
}

/**
 * Date, time, range and colour inputs take no typed text in Chrome's pickers: the value is set as the
 * picker would (through the native setter, so frameworks notice) with input and change events.
 */
async function setPickerValue(session: Acting, backendNodeId: number, value: string): Promise<void> {
  await actionPoint(session, backendNodeId);
  const outcome = await callOn<{ ok: boolean; type: string }>(
    session.send,
    backendNodeId,
    `function (value) {
      this.focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(this, value);
      if (this.value !== value) return { ok: false, type: this.type };
      this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
      return { ok: true, type: this.type };
    }`,
    [value],
  );
  if (!outcome.ok)
    throw new CommandError(
      'INVALID_ARGUMENT',
      `'${value}' is not a valid value for this ${outcome.type} input. Use the input's own format, e.g. 2026-01-31 for a date, 13:45 for a time, #ff8800 for a colour.`,
    );
}

/** Picks options of a <select> by value or visible label, and fires input and change as a user's pick would. */
export async function selectOptions(session: Acting, backendNodeId: number, values: string[]): Promise<void> {
  const { send } = session;
  await actionPoint(session, backendNodeId);
  const outcome = await callOn<{ error?: string; picked?: string[]; options?: string[] }>(
    send,
    backendNodeId,
    `function (wanted) {
      if (this.tagName !== 'SELECT') return { error: 'not-select' };
      const options = [...this.options];
      const label = (o) => o.label.replace(/\\s+/g, ' ').trim();
      const picks = wanted.map((w) => options.find((o) => o.value === w) || options.find((o) => label(o) === w.trim()) || options.find((o) => label(o).toLowerCase() === w.trim().toLowerCase()));
      const missing = wanted.filter((_, i) => !picks[i]);
      if (missing.length) return { error: 'missing:' + missing.join(', '), options: options.map((o) => label(o) + (o.value !== label(o) ? ' (value ' + o.value + ')' : '')) };
      if (!this.multiple && picks.length > 1) return { error: 'single' };
      this.focus();
      for (const o of options) o.selected = picks.includes(o);
      this.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      this.dispatchEvent(new Event('change', { bubbles: true }));
      return { picked: picks.map(label) };
    }`,
    [values],
  );
  if (outcome.error === 'not-select')
    throw new CommandError(
      'NOT_SELECT',
      'That element is not a <select>. For a custom dropdown, click it open, take a snapshot, then click the option.',
    );
  if (outcome.error === 'single')
    throw new CommandError('INVALID_ARGUMENT', 'This select takes one option; pass one value.');
  if (outcome.error)
    throw new CommandError(
      'NO_SUCH_OPTION',
      `No option matches ${outcome.error.slice(8)}. The options are: ${(outcome.options ?? []).slice(0, 30).join('; ')}.`,
    );
}
