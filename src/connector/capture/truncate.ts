import { MAX_KEY_CHARS, MAX_TOKEN_CHARS } from '../../shared/fieldLimits';

/** Marker appended to cut strings, so a reader always knows something is missing. */
export function truncationMarker(dropped: number): string {
  return `…[truncated ${dropped} chars]`;
}

export function capString(value: string, maxChars: number): string {
  if (value.length <= maxChars) return value;
  return value.slice(0, maxChars) + truncationMarker(value.length - maxChars);
}

/** Deep enough for the deepest schema (a pick's inspection: rules → declarations, components → source). */
const MAX_DEPTH = 8;
/**
 * Fields readers switch on get their own cap, whatever `maxChars` is (a tiny test cap must not cut
 * `network-request`); the schemas hold them to it already, so a cut here means a caller skipped them.
 */
const TOKEN_KEYS = new Set(['type', 'level', 'method']);

/**
 * Caps every string in a capture, and every key, in place and depth-limited (the store then keeps
 * its JSON text, so real bytes are counted there). Deeper than MAX_DEPTH, objects are replaced by a
 * marker: nothing uncapped is kept.
 */
export function capStrings(value: unknown, maxChars: number, depth = 0): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    let field = record[key];
    if (key.length > MAX_KEY_CHARS) {
      delete record[key];
      field = record[capString(key, MAX_KEY_CHARS)] = field;
    }
    const name = key.length > MAX_KEY_CHARS ? capString(key, MAX_KEY_CHARS) : key;
    if (typeof field === 'string') {
      const cap = TOKEN_KEYS.has(key) ? MAX_TOKEN_CHARS : maxChars;
      if (field.length > cap) record[name] = capString(field, cap);
    } else if (typeof field === 'object' && field !== null) {
      if (depth >= MAX_DEPTH) record[name] = '…[nested too deep]';
      else capStrings(field, maxChars, depth + 1);
    }
  }
}
