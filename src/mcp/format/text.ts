/** Small text helpers for answers a model reads: one line per entry, visible cuts, short numbers. */

/**
 * Cuts `value` to at most `max` characters, marker included: the marker says how much is missing and,
 * optionally, where to get it, so a budget holds however the value is cut.
 */
export function cut(value: string, max: number, more?: string): string {
  if (value.length <= max) return value;
  const marker = (dropped: number) => `…[truncated ${dropped} chars${more ? `; ${more}` : ''}]`;
  let keep = Math.max(0, max - marker(value.length - max).length);
  // One more pass: the dropped count may have gained a digit.
  keep = Math.max(0, max - marker(value.length - keep).length);
  return value.slice(0, keep) + marker(value.length - keep);
}

/** Line breaks become a visible ⏎, so every entry stays on one line. */
export function oneLine(value: string): string {
  return value.includes('\n') || value.includes('\r') ? value.replace(/\s*[\r\n]+\s*/g, ' ⏎ ') : value;
}

/** `12:03:04.123` (UTC): the date is in the list's header line. */
export function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 23);
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** `1 error`, `3 errors`. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${count(n)} ${n === 1 ? noun : nouns}`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A script location without the page's origin: `/src/main.ts:12:7` reads better than the full URL. */
export function shortLocation(location: string): string {
  return location.replace(/^https?:\/\/[^/]+/, '');
}

/** `key="value"` pairs on one line. */
export function pairs(record: Record<string, string>, maxValue = 200): string {
  return Object.entries(record)
    .map(([key, value]) => `${key}="${cut(oneLine(value), maxValue)}"`)
    .join(' ');
}
