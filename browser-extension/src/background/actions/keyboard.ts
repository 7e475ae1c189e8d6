import { CommandError } from '../commandError';
import type { Acting } from './acting';

export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';
const MODIFIER_BITS: Record<Modifier, number> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };
const ALIASES: Record<string, string> = {
  Ctrl: 'Control',
  Cmd: 'Meta',
  Command: 'Meta',
  Option: 'Alt',
  Esc: 'Escape',
  Return: 'Enter',
  Space: ' ',
  Del: 'Delete',
  Up: 'ArrowUp',
  Down: 'ArrowDown',
  Left: 'ArrowLeft',
  Right: 'ArrowRight',
};

interface KeyDefinition {
  key: string;
  code: string;
  keyCode: number;
  text?: string;
}

const NAMED: Record<string, [code: string, keyCode: number, text?: string]> = {
  Enter: ['Enter', 13, '\r'],
  Tab: ['Tab', 9],
  Escape: ['Escape', 27],
  Backspace: ['Backspace', 8],
  Delete: ['Delete', 46],
  Insert: ['Insert', 45],
  ArrowUp: ['ArrowUp', 38],
  ArrowDown: ['ArrowDown', 40],
  ArrowLeft: ['ArrowLeft', 37],
  ArrowRight: ['ArrowRight', 39],
  Home: ['Home', 36],
  End: ['End', 35],
  PageUp: ['PageUp', 33],
  PageDown: ['PageDown', 34],
  ' ': ['Space', 32, ' '],
  Shift: ['ShiftLeft', 16],
  Control: ['ControlLeft', 17],
  Alt: ['AltLeft', 18],
  Meta: ['MetaLeft', 91],
};
const PUNCTUATION: Record<string, [string, number]> = {
  '-': ['Minus', 189],
  '=': ['Equal', 187],
  ',': ['Comma', 188],
  '.': ['Period', 190],
  '/': ['Slash', 191],
  ';': ['Semicolon', 186],
  "'": ['Quote', 222],
  '[': ['BracketLeft', 219],
  ']': ['BracketRight', 221],
  '\\': ['Backslash', 220],
  '`': ['Backquote', 192],
};

/** US-layout characters typed with Shift, and the key that types them. */
const SHIFTED: Record<string, string> = {
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
  _: '-',
  '+': '=',
  '{': '[',
  '}': ']',
  '|': '\\',
  ':': ';',
  '"': "'",
  '<': ',',
  '>': '.',
  '?': '/',
  '~': '`',
};

export function modifierBits(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((bits, modifier) => bits | (MODIFIER_BITS[modifier] ?? 0), 0);
}

/** The key's DOM `key`, `code`, legacy keyCode and the text it types (if any). Undefined for keys we do not know. */
function definition(name: string): KeyDefinition | undefined {
  const named = NAMED[name];
  if (named) return { key: name, code: named[0], keyCode: named[1], text: named[2] };
  if (/^F([1-9]|1[0-2])$/.test(name)) return { key: name, code: name, keyCode: 111 + Number(name.slice(1)) };
  if (name.length !== 1) return undefined;
  if (/[a-z]/i.test(name))
    return { key: name, code: `Key${name.toUpperCase()}`, keyCode: name.toUpperCase().charCodeAt(0), text: name };
  if (/[0-9]/.test(name)) return { key: name, code: `Digit${name}`, keyCode: name.charCodeAt(0), text: name };
  const base = SHIFTED[name] === undefined ? undefined : definition(SHIFTED[name]);
  if (base) return { key: name, code: base.code, keyCode: base.keyCode, text: name };
  const punctuation = PUNCTUATION[name];
  return punctuation ? { key: name, code: punctuation[0], keyCode: punctuation[1], text: name } : undefined;
}

/** Parses `Control+Shift+A`: modifiers, then one key. */
export function parseChord(chord: string): { modifiers: Modifier[]; key: KeyDefinition } {
  const parts = chord === '+' ? ['+'] : chord.split(/\+(?!$)/).map((part) => ALIASES[part] ?? part);
  const keyName = parts.pop() ?? '';
  const modifiers = parts.map((part) => {
    if (!(part in MODIFIER_BITS))
      throw new CommandError(
        'INVALID_ARGUMENT',
        `'${part}' in '${chord}' is not a modifier: use Alt, Control, Meta or Shift, e.g. "Control+A".`,
      );
    return part as Modifier;
  });
  const key = definition(keyName);
  if (!key)
    throw new CommandError(
      'INVALID_ARGUMENT',
      `Unknown key '${keyName}'. Use a key name such as Enter, Tab, Escape, Backspace, Delete, ArrowUp, Home, PageDown, F5, or one character, optionally with modifiers: "Control+A", "Shift+Tab".`,
    );
  return { modifiers, key };
}

/** Presses a key chord with trusted key events: modifiers down, the key down and up, modifiers up. */
export async function pressKey(session: Acting, chord: string): Promise<void> {
  const { modifiers, key } = parseChord(chord);
  let bits = 0;
  for (const modifier of modifiers) {
    bits |= MODIFIER_BITS[modifier];
    await sendKey(session, 'down', definition(modifier)!, bits);
  }
  await sendKey(session, 'down', key, bits);
  await sendKey(session, 'up', key, bits);
  for (const modifier of [...modifiers].reverse()) {
    bits &= ~MODIFIER_BITS[modifier];
    await sendKey(session, 'up', definition(modifier)!, bits);
  }
}

/**
 * One key going down or up with the modifier bits held: the unit of key chords and of a replay's
 * keyDown/keyUp steps. With Control, Alt or Meta held a key is a shortcut and types nothing.
 */
async function sendKey(session: Acting, type: 'down' | 'up', key: KeyDefinition, bits: number): Promise<void> {
  const text = bits & ~MODIFIER_BITS.Shift ? undefined : shifted(key.text, bits);
  const common = {
    key: text && text.length === 1 ? text : key.key,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    modifiers: bits,
  };
  if (type === 'up') return void (await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common }));
  await session.send('Input.dispatchKeyEvent', {
    type: text ? 'keyDown' : 'rawKeyDown',
    text,
    unmodifiedText: text,
    ...common,
  });
}

/**
 * A replay's keyDown or keyUp step: a modifier key stays held (in `held`, per caller) until its keyUp, and
 * clicks and keys meanwhile carry it. Answers the bits held after the step.
 */
export async function keyStep(session: Acting, type: 'down' | 'up', name: string, held: number): Promise<number> {
  const key = definition(name);
  if (!key) throw new CommandError('INVALID_ARGUMENT', `unknown key '${name}'`);
  const bit = MODIFIER_BITS[key.key as Modifier] ?? 0;
  const bits = type === 'down' ? held | bit : held & ~bit;
  await sendKey(session, type, key, bits);
  return bits;
}

/** The modifier names of a set of bits, for clicks made while a replay holds modifier keys. */
export function modifierNames(bits: number): Modifier[] {
  return (Object.keys(MODIFIER_BITS) as Modifier[]).filter((modifier) => bits & MODIFIER_BITS[modifier]);
}

function shifted(text: string | undefined, bits: number): string | undefined {
  return text && bits & MODIFIER_BITS.Shift ? text.toUpperCase() : text;
}

/** Types text key by key into the focused element; characters without a key of their own arrive as text input. */
export async function typeText(session: Acting, text: string): Promise<void> {
  for (const char of text) {
    if (char === '\n') await pressKey(session, 'Enter');
    else if (definition(char)?.text) await typeCharacter(session, char);
    else await session.send('Input.insertText', { text: char });
  }
}

async function typeCharacter(session: Acting, char: string): Promise<void> {
  const key = definition(char)!;
  const upper = /[A-Z]/.test(char) || SHIFTED[char] !== undefined;
  const common = {
    key: char,
    code: key.code,
    windowsVirtualKeyCode: key.keyCode,
    modifiers: upper ? MODIFIER_BITS.Shift : 0,
  };
  await session.send('Input.dispatchKeyEvent', { type: 'keyDown', text: char, unmodifiedText: char, ...common });
  await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
}
