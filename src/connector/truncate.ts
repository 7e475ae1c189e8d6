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

/**
 * Caps every string in a capture (in place, depth-limited) and returns its estimated size in bytes.
 * One walk does both because ingest is the hot path.
 */
export function capAndMeasure(value: unknown, maxChars: number, depth = 0): number {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return 8;
  let bytes = 16;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    bytes += key.length + 8;
    if (typeof field === 'string') {
      if (field.length > maxChars && !KEYS_KEPT_WHOLE.has(key)) record[key] = capString(field, maxChars);
      bytes += Math.min(field.length, maxChars) * 2;
    } else if (typeof field === 'object' && field !== null) {
      bytes += capAndMeasure(field, maxChars, depth + 1);
    } else {
      bytes += 8;
    }
  }
  return bytes;
}
