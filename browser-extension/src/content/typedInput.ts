/**
 * The text a person typed into a field, as opposed to text a page script put there. Trusted events are not
 * enough: `document.execCommand('insertText')` from the page fires a trusted `input` event and reaches a
 * focused field even inside a closed shadow root. So every edit must match the real key that caused it
 * (typed character, Backspace/Delete, Ctrl+Z/Y), or be one a script cannot cause (paste, drop, IME
 * composition, spelling replacement); any other edit is put back.
 */
const WITHOUT_KEY = new Set(['insertFromPaste', 'insertFromDrop', 'insertCompositionText', 'insertReplacementText']);
const DELETE_KEYS = new Set(['Backspace', 'Delete']);

export function typedOnly(field: HTMLInputElement | HTMLTextAreaElement): () => string {
  let typed = field.value;
  let key: string | undefined;
  field.addEventListener('keydown', (event) => void (key = event.isTrusted ? (event as KeyboardEvent).key : undefined));
  field.addEventListener('keyup', () => (key = undefined));
  field.addEventListener('input', (event) => {
    const edit = event as InputEvent;
    // A key makes one edit; an edit a script slipped in while the key was down does not use it up.
    if (edit.isTrusted && (WITHOUT_KEY.has(edit.inputType) || matchesKey(edit, key))) {
      typed = field.value;
      key = undefined;
    } else field.value = typed;
  });
  return () => typed;
}

function matchesKey(edit: InputEvent, key: string | undefined): boolean {
  if (key === undefined) return false;
  if (edit.inputType === 'insertText') return edit.data === key;
  if (edit.inputType.startsWith('delete')) return DELETE_KEYS.has(key);
  if (edit.inputType === 'historyUndo' || edit.inputType === 'historyRedo') return /^[zy]$/i.test(key);
  return false;
}
