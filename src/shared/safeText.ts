/**
 * Page data shown as text (the HTTP API's format=text, MCP answers, VS Code labels and tooltips) must
 * not steer the terminal or the reader: ANSI escapes, other control characters and bidi overrides are
 * written out as visible `\u{…}` escapes. Line feeds and tabs stay, unless the text must be one line.
 */

// Matching control characters is the point here.
/* eslint-disable no-control-regex */
// C0 controls but \t and \n, DEL, C1 controls (0x9b is a one-byte CSI), bidi embeddings, overrides and
// isolates, the Arabic letter mark, line/paragraph separators, BOM.
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const UNSAFE_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

function visible(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return `\\u{${char.charCodeAt(0).toString(16).padStart(4, '0')}}`;
}

/** The text with control and bidi characters made visible; `\n` and `\t` kept. */
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
