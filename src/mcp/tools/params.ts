import { z } from 'zod';
import { SINCE_HINT } from '../../shared/queryParams';
import { ToolError } from '../tool';

/** Parameters several tools share, described once. */

export function limitParam(fallback: number) {
  return z.number().int().min(1).max(1000).default(fallback).describe('Max entries, newest kept');
}

export const sinceParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), SINCE_HINT)
  .meta({ format: 'date-time' })
  .optional()
  .describe('ISO time: entries at or after it');

export const beforeParam = z
  .union([z.string().regex(/^\d+$/, 'expected an entry id such as "812"'), z.number().int().positive()])
  .optional()
  .describe('Page back: entries older than this id');

export const searchParam = z.string().min(1).max(200).optional().describe('Text contains (any case)');

export const idParam = z
  .union([z.string().regex(/^\d+$/, 'expected an id such as "812"'), z.number().int().positive()])
  .describe('The entry id, as shown after # in list answers (e.g. "812").');

export const tabIdParam = z.number().int().optional().describe('From list_tabs (default: the active tab)');

export function toSeq(id: string | number | undefined): number | undefined {
  return id === undefined ? undefined : Number(id);
}

export function sinceMs(since: string | undefined): number | undefined {
  return since === undefined ? undefined : Date.parse(since);
}

/** The entry with this id, which must be of one of the given types. */
export function notFound(id: string | number, what: string, listTool: string): ToolError {
  return new ToolError(
    `No ${what} with id ${id}. It may have been cleared (clear_logs) or pushed out by newer captures; call ${listTool} for current ids.`,
  );
}
