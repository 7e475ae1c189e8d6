import { CONTEXT_FILTERS, type ContextFilter } from '../../shared/captureContext';
import { invalidParameter } from '../../shared/errors';
import { LOG_LEVELS, isLogLevel, type LogLevel } from '../../shared/levels';
import {
  lastValue,
  METHOD_HINT,
  METHOD_PATTERN,
  parseSinceValue,
  SINCE_HINT,
  STATUS_HINT,
  statusRange,
} from '../../shared/queryParams';

type Query = Record<string, unknown>;

/** Query values arrive as strings, or arrays when repeated; the last one wins. */
function single(query: Query, name: string): string | undefined {
  return lastValue(query[name]);
}

export function parseLimit(query: Query, fallback: number, max = 1000): number {
  const raw = single(query, 'limit');
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) {
    throw invalidParameter('limit', raw, [`an integer from 1 to ${max}`], `expected an integer from 1 to ${max}`);
  }
  return value;
}

export function parseLevel(query: Query): LogLevel | undefined {
  const raw = single(query, 'level');
  if (raw === undefined) return undefined;
  const level = raw.toLowerCase();
  if (!isLogLevel(level)) throw invalidParameter('level', raw, LOG_LEVELS);
  return level;
}

/** ISO 8601 (or ms since epoch); answers ms since epoch. */
export function parseSince(query: Query): number | undefined {
  const raw = single(query, 'since');
  if (raw === undefined) return undefined;
  const value = parseSinceValue(raw);
  if (value === undefined)
    throw invalidParameter(
      'since',
      raw,
      ['ISO 8601 date-time, e.g. 2026-01-31T12:00:00Z', 'milliseconds since epoch'],
      SINCE_HINT,
    );
  return value;
}

/** `context=page|frame|worker|shared_worker|service_worker`: where in the tab the capture was made. */
export function parseContext(query: Query): ContextFilter | undefined {
  const raw = single(query, 'context');
  if (raw === undefined) return undefined;
  const wanted = CONTEXT_FILTERS.find((value) => value === raw);
  if (!wanted) throw invalidParameter('context', raw, CONTEXT_FILTERS);
  return wanted;
}

export function parseFormat(query: Query): 'json' | 'text' {
  const raw = single(query, 'format');
  if (raw === undefined) return 'json';
  if (raw !== 'json' && raw !== 'text') throw invalidParameter('format', raw, ['json', 'text']);
  return raw;
}

export function parseMethod(query: Query): string | undefined {
  const raw = single(query, 'method');
  if (raw === undefined) return undefined;
  if (!METHOD_PATTERN.test(raw))
    throw invalidParameter('method', raw, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'], METHOD_HINT);
  return raw.toUpperCase();
}

/** `404` matches one status, `4xx` a class. */
export function parseStatus(query: Query): ((status: number | undefined) => boolean) | undefined {
  const raw = single(query, 'status');
  if (raw === undefined) return undefined;
  const range = statusRange(raw);
  if (!range) throw invalidParameter('status', raw, ['a status such as 404', 'a class such as 4xx'], STATUS_HINT);
  const [low, high] = range;
  return (status) => status !== undefined && status >= low && status <= high;
}

export function parseBoolean(query: Query, name: string): boolean | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw invalidParameter(name, raw, ['true', 'false']);
}
