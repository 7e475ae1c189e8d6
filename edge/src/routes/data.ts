import { z } from 'zod';
import { requireScope } from '../auth/authenticate';
import { levelRank } from '../../../src/shared/levels';
import { queryCaptures, type Filter } from '../data/queries';
import { listSessions, scopeOf } from '../data/sessions';
import type { Ctx } from '../http/context';
import { booleanParam, levelParam, limitParam, methodParam, sinceParam, statusParam } from '../http/params';
import { parseSinceValue, statusRange } from '../../../src/shared/queryParams';
import { defineRoute, versioned, type RouteSpec } from '../http/route';

const entry = z
  .record(z.string(), z.unknown())
  .describe('a capture as the connector stores it, plus id, seq and sessionId');

async function readScope(c: Ctx) {
  return scopeOf(c.env, requireScope(c, 'read'), c.req.header('X-Session-ID'));
}

function consoleText(entries: Record<string, unknown>[]): Response {
  const lines = entries.map(
    (e) =>
      `${new Date(e.timestamp as number).toISOString()} [${String(e.level).toUpperCase()}] ${String(e.message)}${e.source ? ` (${String(e.source)})` : ''}`,
  );
  return new Response(lines.join('\n') + (lines.length ? '\n' : ''), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

const consoleLogs = defineRoute({
  method: 'get',
  paths: versioned('/console-logs'),
  summary: 'Console logs and uncaught errors of your sessions',
  description:
    'Uncaught errors appear with level error. Without X-Session-ID every session of your account is searched.',
  tag: 'Captures',
  access: 'read',
  sessionHeader: true,
  query: z.object({
    limit: limitParam(100),
    level: levelParam,
    since: sinceParam,
    format: z.enum(['json', 'text']).default('json').describe('json, or text: one line per entry'),
  }),
  response: {
    data: z.object({
      logs: z.array(entry),
      count: z.number().int(),
      truncated: z.boolean(),
      total: z.number().int(),
      filtered: z.number().int(),
      timestamp: z.string(),
    }),
  },
  async handle(c, { query }) {
    const filters: Filter[] = [];
    if (query.level) filters.push({ sql: 'level_rank >= ?', binds: [levelRank(query.level)] });
    if (query.since) filters.push({ sql: 'timestamp >= ?', binds: [parseSinceValue(query.since)] });
    const result = await queryCaptures(c.env, await readScope(c), 'console', filters, query.limit);
    const logs = result.entries.map((e) => (e.type === 'console-error' ? { ...e, level: 'error' } : e));
    if (query.format === 'text') return consoleText(logs);
    return {
      logs,
      count: logs.length,
      truncated: result.matched > logs.length,
      total: result.total,
      filtered: result.matched,
      timestamp: new Date().toISOString(),
    };
  },
});

/** The detailed shape of the connector's `/network-requests`: `size` is `{request, response}`. */
function detailed(request: Record<string, unknown>): Record<string, unknown> {
  const size =
    typeof request.size === 'object' && request.size !== null
      ? request.size
      : { request: 0, response: typeof request.size === 'number' ? request.size : 0 };
  return { ...request, size };
}

const networkRequests = defineRoute({
  method: 'get',
  paths: versioned('/network-requests'),
  summary: 'Network requests of your sessions',
  tag: 'Captures',
  access: 'read',
  sessionHeader: true,
  query: z.object({
    status: statusParam,
    method: methodParam,
    limit: limitParam(100),
    failed: booleanParam('true: only requests that failed (4xx, 5xx or no response); false: only the others'),
  }),
  response: {
    data: z.object({
      requests: z.array(entry),
      count: z.number().int(),
      total: z.number().int(),
      filtered: z.number().int(),
      truncated: z.boolean(),
    }),
  },
  async handle(c, { query }) {
    const filters: Filter[] = [];
    if (query.method) filters.push({ sql: 'method = ?', binds: [query.method.toUpperCase()] });
    // statusParam checked the pattern: a range is always there.
    const range = query.status ? statusRange(query.status) : undefined;
    if (range) filters.push({ sql: 'status BETWEEN ? AND ?', binds: range });
    if (query.failed) filters.push({ sql: 'failed = ?', binds: [query.failed === 'true' ? 1 : 0] });
    const result = await queryCaptures(c.env, await readScope(c), 'network', filters, query.limit);
    const requests = result.entries.map(detailed);
    return {
      requests,
      count: requests.length,
      total: result.total,
      filtered: result.matched,
      truncated: result.matched > requests.length,
    };
  },
});

const sessions = defineRoute({
  method: 'get',
  paths: versioned('/sessions'),
  summary: 'Your sessions, most recently active first',
  tag: 'Sessions',
  access: 'read',
  response: { data: z.object({ sessions: z.array(z.record(z.string(), z.unknown())), count: z.number().int() }) },
  async handle(c) {
    const list = await listSessions(c.env, requireScope(c, 'read').accountId);
    return { sessions: list, count: list.length };
  },
});

export const dataRoutes: RouteSpec[] = [consoleLogs, networkRequests, sessions];
