import { z } from 'zod';
import { LOG_LEVELS } from '../../../src/shared/levels';

/** Query parameters shared by the data routes, with the connector's meanings. */
export const limitParam = (fallback: number, max = 1000) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`an integer from 1 to ${max} (default ${fallback}): the newest entries are returned, oldest first`);

export function parseSinceValue(raw: string): number | undefined {
  const value = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(value) ? undefined : value;
}

export const sinceParam = z
  .string()
  .refine((raw) => parseSinceValue(raw) !== undefined, 'expected an ISO 8601 date-time such as 2026-01-31T12:00:00Z')
  .optional()
  .describe('ISO 8601 date-time (or ms since epoch): only entries at or after it');

export const levelParam = z.enum(LOG_LEVELS).optional().describe('minimum severity: debug < log = info < warn < error');

export const methodParam = z
  .string()
  .regex(/^[A-Za-z]{1,20}$/, 'expected an HTTP method such as GET')
  .optional()
  .describe('HTTP method, case-insensitive');

export const statusParam = z
  .string()
  .regex(/^(\d{3}|[1-5]xx)$/i, 'expected a status such as 404 or a class such as 4xx')
  .optional()
  .describe('one status (404) or a class (4xx)');

export const booleanParam = (what: string) => z.enum(['true', 'false']).optional().describe(what);

/** `404` matches one status; `4xx` the range 400..499. */
export function statusRange(raw: string): [number, number] {
  if (/^\d{3}$/.test(raw)) return [Number(raw), Number(raw)];
  const hundred = Number(raw[0]) * 100;
  return [hundred, hundred + 99];
}
