/**
 * Page data shown as text (the HTTP API's format=text, MCP answers, chat prompts, VS Code labels and
 * tooltips) must not steer the terminal, the reader or a model: ANSI escapes, other control characters,
 * bidi overrides, zero-width characters and Unicode tag characters (U+E0000–E007F, invisible text a model
 * still reads) are written out as visible `\u{…}` escapes. Line feeds and tabs stay, unless the text must
 * be one line.
 */

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
// C0 controls but \t and \n, DEL, C1 controls (0x9b is a one-byte CSI), bidi embeddings, overrides and
// isolates, the Arabic letter mark, line/paragraph separators, BOM; zero-width characters (space, joiners,
// word joiner, invisible operators, Mongolian vowel separator); Unicode tag characters.
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;
const UNSAFE_ONE_LINE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;
/* eslint-enable no-control-regex */

function visible(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\u{${char.codePointAt(0)!.toString(16).padStart(4, '0')}}`;
}

/** The text with control, bidi, zero-width and tag characters made visible; `\n` and `\t` kept. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** The text on one line: also `\n` and `\t` made visible. For labels, tooltips' titles, list items. */
export function safeLine(text: string): string {
  return text.replace(UNSAFE_ONE_LINE, visible);
}

/** True when the text holds nothing `safeText` would change. */
export function isSafeText(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}
