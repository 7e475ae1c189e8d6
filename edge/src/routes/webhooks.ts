import { z } from 'zod';
import { requireScope } from '../auth/authenticate';
import { nowSeconds, randomId, randomToken } from '../base/crypto';
import { ApiError } from '../../../src/shared/errors';
import { defineRoute, versioned, type RouteSpec } from '../http/route';
import { WEBHOOK_EVENTS } from '../base/webhookMessage';

const hookInfo = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
  active: z.boolean(),
});

interface HookRow {
  id: string;
  url: string;
  events: string;
  created_at: number;
  active: number;
}

const info = (row: HookRow) => ({
  id: row.id,
  url: row.url,
  events: row.events.split(','),
  createdAt: new Date(row.created_at * 1000).toISOString(),
  active: row.active === 1,
});

const create = defineRoute({
  method: 'post',
  paths: versioned('/webhooks'),
  summary: 'Register a webhook (the signing secret is shown once)',
  description: `Events: ${WEBHOOK_EVENTS.join(', ')}. Each delivery is a POST whose body is signed: X-BrowserDebug-Signature: sha256=<hex HMAC-SHA256 of the raw body with the secret>. Failed deliveries are retried from a queue with backoff.`,
  tag: 'Webhooks',
  access: 'admin',
  body: z.object({
    url: z.string().url().max(2000).describe('where deliveries are POSTed (https in production)'),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .describe(`any of ${WEBHOOK_EVENTS.join(', ')}`),
  }),
  response: {
    status: 201,
    data: hookInfo.extend({ secret: z.string().describe('HMAC key for the signature: shown only in this answer') }),
  },
  async handle(c, { body }) {
    const principal = requireScope(c, 'admin');
    const url = new URL(body.url);
    if (c.var.settings.production && url.protocol !== 'https:')
      throw new ApiError('INVALID_PARAMETER', "Invalid value for 'url': webhooks must use https.", {
        parameter: 'url',
        value: body.url,
        validValues: ['an https URL'],
      });
    const row: HookRow = {
      id: randomId('whk'),
      url: url.toString(),
      events: [...new Set(body.events)].join(','),
      created_at: nowSeconds(),
      active: 1,
    };
    const secret = `whsec_${randomToken(32)}`;
    await c.env.DB.prepare(
      'INSERT INTO webhooks (id, account_id, url, events, secret, created_at, active) VALUES (?, ?, ?, ?, ?, ?, 1)',
    )
      .bind(row.id, principal.accountId, row.url, row.events, secret, row.created_at)
      .run();
    return { ...info(row), secret };
  },
});

const list = defineRoute({
  method: 'get',
  paths: versioned('/webhooks'),
  summary: 'List your webhooks',
  tag: 'Webhooks',
  access: 'admin',
  response: { data: z.object({ webhooks: z.array(hookInfo), count: z.number().int() }) },
  async handle(c) {
    const { results } = await c.env.DB.prepare(
      'SELECT id, url, events, created_at, active FROM webhooks WHERE account_id = ? ORDER BY created_at, rowid',
    )
      .bind(requireScope(c, 'admin').accountId)
      .all<HookRow>();
    return { webhooks: results.map(info), count: results.length };
  },
});

const remove = defineRoute({
  method: 'delete',
  paths: versioned('/webhooks/:id'),
  params: { id: 'the webhook id' },
  summary: 'Delete a webhook (queued deliveries to it are dropped)',
  tag: 'Webhooks',
  access: 'admin',
  response: { data: z.object({ id: z.string(), deleted: z.literal(true) }) },
  async handle(c) {
    const id = c.req.param('id') ?? '';
    const result = await c.env.DB.prepare(
      'UPDATE webhooks SET active = 0 WHERE id = ? AND account_id = ? AND active = 1',
    )
      .bind(id, requireScope(c, 'admin').accountId)
      .run();
    if (!result.meta.changes) throw new ApiError('NOT_FOUND', `No webhook '${id}' in your account.`, { id });
    return { id, deleted: true as const };
  },
});

const deliveries = defineRoute({
  method: 'get',
  paths: versioned('/webhooks/:id/deliveries'),
  params: { id: 'the webhook id' },
  summary: 'Delivery log of a webhook, newest first',
  tag: 'Webhooks',
  access: 'admin',
  response: { data: z.object({ deliveries: z.array(z.record(z.string(), z.unknown())), count: z.number().int() }) },
  async handle(c) {
    const id = c.req.param('id') ?? '';
    const owner = await c.env.DB.prepare('SELECT id FROM webhooks WHERE id = ? AND account_id = ?')
      .bind(id, requireScope(c, 'admin').accountId)
      .first();
    if (!owner) throw new ApiError('NOT_FOUND', `No webhook '${id}' in your account.`, { id });
    const { results } = await c.env.DB.prepare(
      'SELECT id, event, attempts, status, response_status AS responseStatus, error, created_at AS createdAt, updated_at AS updatedAt FROM webhook_deliveries WHERE webhook_id = ? ORDER BY updated_at DESC LIMIT 100',
    )
      .bind(id)
      .all();
    return { deliveries: results, count: results.length };
  },
});

export const webhookRoutes: RouteSpec[] = [create, list, remove, deliveries];
