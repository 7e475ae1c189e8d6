/**
 * What the shared filter parameters mean, defined once for the connector's HTTP API, the edge's API
 * and the MCP tools: `since` (ISO 8601 or ms since epoch), `status` (404 or 4xx), `method`, `limit`.
 * Each host reports a bad value in its own envelope; the meaning and the wording come from here.
 */

export const SINCE_HINT = 'expected an ISO 8601 date-time such as 2026-01-31T12:00:00Z';
export const STATUS_HINT = 'expected a status such as 404 or a class such as 4xx';
export const METHOD_HINT = 'expected an HTTP method such as GET';

export const STATUS_PATTERN = /^(\d{3}|[1-5]xx)$/i;
export const METHOD_PATTERN = /^[A-Za-z]{1,20}$/;

/** ISO 8601, or digits for ms since epoch; undefined when it is neither. */
export function parseSinceValue(raw: string): number | undefined {
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(value) ? undefined : value;
}

/** `404` is one status; `4xx` the range 400..499. Undefined for anything else. */
export function statusRange(raw: string): [number, number] | undefined {
  if (!STATUS_PATTERN.test(raw)) return undefined;
  if (/^\d{3}$/.test(raw)) return [Number(raw), Number(raw)];
  const hundred = Number(raw[0]) * 100;
  return [hundred, hundred + 99];
}

/** A query value as a string: arrays (a repeated parameter) keep the last one; empty counts as absent. */
export function lastValue(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
  if (last === undefined || last === null || last === '') return undefined;
  return String(last);
}
