import { z } from 'zod';
import { LOG_LEVELS } from '../../../src/shared/levels';
import {
  METHOD_HINT,
  METHOD_PATTERN,
  parseSinceValue,
  SINCE_HINT,
  STATUS_HINT,
  STATUS_PATTERN,
} from '../../../src/shared/queryParams';

/** Query parameters shared by the data routes, with the connector's meanings. */
export const limitParam = (fallback: number, max = 1000) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`an integer from 1 to ${max} (default ${fallback}): the newest entries are returned, oldest first`);

export const sinceParam = z
  .string()
  .refine((raw) => parseSinceValue(raw) !== undefined, SINCE_HINT)
  .optional()
  .describe('ISO 8601 date-time (or ms since epoch): only entries at or after it');

export const levelParam = z.enum(LOG_LEVELS).optional().describe('minimum severity: debug < log = info < warn < error');

export const methodParam = z
  .string()
  .regex(METHOD_PATTERN, METHOD_HINT)
  .optional()
  .describe('HTTP method, case-insensitive');

export const statusParam = z
  .string()
  .regex(STATUS_PATTERN, STATUS_HINT)
  .optional()
  .describe('one status (404) or a class (4xx)');

export const booleanParam = (what: string) => z.enum(['true', 'false']).optional().describe(what);
