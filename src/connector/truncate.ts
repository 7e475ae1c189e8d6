/** Marker appended to cut strings, so a reader always knows something is missing. */
export function truncationMarker(dropped: number): string {
  return `…[truncated ${dropped} chars]`;
}

export function capString(value: string, maxChars: number): string {
  if (value.length <= maxChars) return value;
  return value.slice(0, maxChars) + truncationMarker(value.length - maxChars);
}

const MAX_DEPTH = 4;
/** Fields readers switch on are never cut, whatever the cap. */
const KEYS_KEPT_WHOLE = new Set(['type', 'level', 'method']);

/** Caps every string in a capture, in place and depth-limited (the store then keeps its JSON text, so real bytes are counted there). */
export function capStrings(value: unknown, maxChars: number, depth = 0): void {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const field = record[key];
    if (typeof field === 'string') {
      if (field.length > maxChars && !KEYS_KEPT_WHOLE.has(key)) record[key] = capString(field, maxChars);
    } else if (typeof field === 'object' && field !== null) {
      capStrings(field, maxChars, depth + 1);
    }
  }
}
