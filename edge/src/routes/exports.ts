import { z } from 'zod';
import { requireScope } from '../auth/authenticate';
import { scopeOf } from '../data/sessions';
import { accountStats } from '../data/stats';
import { csvLine } from '../export/csv';
import { CSV_COLUMNS, csvValues, EXPORT_KINDS, exportRows, type ExportKind } from '../export/exportRows';
import type { Ctx } from '../http/context';
import { textResponse } from '../http/envelope';
import { limitParam, sinceParam } from '../http/params';
import { defineRoute, type RouteSpec } from '../http/route';

const MAX_EXPORT = 10_000;

const exportQuery = z.object({
  kind: z
    .enum(Object.keys(EXPORT_KINDS) as [ExportKind, ...ExportKind[]])
    .default('all')
    .describe('all, console or network'),
  since: sinceParam,
  limit: limitParam(MAX_EXPORT, MAX_EXPORT).describe(
    `at most this many captures, oldest first (default and maximum ${MAX_EXPORT})`,
  ),
});

async function readScope(c: Ctx) {
  return scopeOf(c.env, requireScope(c, 'read'), c.req.header('X-Session-ID'));
}

function attachment(body: string, type: string, extension: string, truncated: boolean): Response {
  const name = `browser-debug-export-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.${extension}`;
  return textResponse(body, 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Export-Truncated': String(truncated),
  });
}

const exportJson = defineRoute({
  method: 'get',
  paths: ['/export/json', '/api/v1/export/json'],
  summary: 'Download your captures as one JSON document',
  tag: 'Export',
  access: 'read',
  sessionHeader: true,
  query: exportQuery,
  response: {
    mediaType: 'application/json',
    description: 'attachment: exportedAt, count, truncated, captures (oldest first)',
  },
  async handle(c, { query }) {
    const scope = await readScope(c);
    const { entries, truncated } = await exportRows(c.env, scope, query);
    const document = {
      exportedAt: new Date().toISOString(),
      sessionId: scope.sessionId ?? null,
      kind: query.kind,
      count: entries.length,
      truncated,
      captures: entries,
    };
    return attachment(JSON.stringify(document, null, 2), 'application/json; charset=utf-8', 'json', truncated);
  },
});

const exportCsv = defineRoute({
  method: 'get',
  paths: ['/export/csv', '/api/v1/export/csv'],
  summary: 'Download your captures as CSV (RFC 4180, formula-safe)',
  description: 'One row per capture; cells that a spreadsheet would run as a formula start with an apostrophe.',
  tag: 'Export',
  access: 'read',
  sessionHeader: true,
  query: exportQuery,
  response: { mediaType: 'text/csv', description: `attachment with header row ${CSV_COLUMNS.join(',')}` },
  async handle(c, { query }) {
    const { entries, truncated } = await exportRows(c.env, await readScope(c), query);
    const body = csvLine([...CSV_COLUMNS]) + entries.map((entry) => csvLine(csvValues(entry))).join('');
    return attachment(body, 'text/csv; charset=utf-8', 'csv', truncated);
  },
});

const stats = defineRoute({
  method: 'get',
  paths: ['/stats', '/api/v1/stats'],
  summary: 'Counts for your account (or one session with X-Session-ID)',
  tag: 'Export',
  access: 'read',
  sessionHeader: true,
  response: { data: z.record(z.string(), z.unknown()) },
  async handle(c) {
    return accountStats(c.env, await readScope(c));
  },
});

export const exportRoutes: RouteSpec[] = [stats, exportJson, exportCsv];
