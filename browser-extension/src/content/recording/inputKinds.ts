/** Which keys and fields the recorder turns into steps, and how. */

export const SPECIAL_KEYS = new Set([
  'Enter',
  'Tab',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  'Delete',
  'Backspace',
  'F1',
  'F2',
  'F3',
  'F4',
  'F5',
  'F6',
  'F7',
  'F8',
  'F9',
  'F10',
  'F11',
  'F12',
]);
/** Inside a text field most keys are typing, which `change` records as the final value. */
export const KEYS_IN_FIELDS = new Set(['Enter', 'Tab', 'Escape', 'ArrowUp', 'ArrowDown']);
/** Held for shortcuts and modified clicks (Ctrl+A, Ctrl+click); Shift alone is typing. */
export const MODIFIERS = new Set(['Control', 'Alt', 'Meta']);
export const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', ' ']);

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function isField(target: unknown): target is Field {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

export function isTextField(target: unknown): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'range', 'color'].includes(target.type)
  );
}
