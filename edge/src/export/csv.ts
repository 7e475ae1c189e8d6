/**
 * RFC 4180 CSV with formula-injection defence (OWASP): a text cell that a spreadsheet would read
 * as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe, so
 * a captured message like `=HYPERLINK(...)` shows as text instead of running.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}
