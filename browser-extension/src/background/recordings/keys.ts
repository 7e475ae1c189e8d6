/** What Input.dispatchKeyEvent needs for a DOM `key` value, so pages see the same events as from a keyboard. */
export interface KeyDefinition {
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  text?: string;
}

const NAMED: Record<string, [code: string, keyCode: number, text?: string]> = {
  Enter: ['Enter', 13, '\r'],
  Tab: ['Tab', 9],
  Escape: ['Escape', 27],
  Backspace: ['Backspace', 8],
  Delete: ['Delete', 46],
  ArrowLeft: ['ArrowLeft', 37],
  ArrowUp: ['ArrowUp', 38],
  ArrowRight: ['ArrowRight', 39],
  ArrowDown: ['ArrowDown', 40],
  PageUp: ['PageUp', 33],
  PageDown: ['PageDown', 34],
  Home: ['Home', 36],
  End: ['End', 35],
  ' ': ['Space', 32, ' '],
  Shift: ['ShiftLeft', 16],
  Control: ['ControlLeft', 17],
  Alt: ['AltLeft', 18],
  Meta: ['MetaLeft', 91],
};

export function keyDefinition(key: string): KeyDefinition | undefined {
  const named = NAMED[key];
  if (named) return { key, code: named[0], windowsVirtualKeyCode: named[1], text: named[2] };
  const fKey = /^F([1-9]|1[0-2])$/.exec(key);
  if (fKey) return { key, code: key, windowsVirtualKeyCode: 111 + Number(fKey[1]) };
  if (key.length !== 1) return undefined;
  const upper = key.toUpperCase();
  const code = /[A-Z]/.test(upper) ? `Key${upper}` : /[0-9]/.test(key) ? `Digit${key}` : '';
  return { key, code, windowsVirtualKeyCode: upper.charCodeAt(0), text: key };
}
