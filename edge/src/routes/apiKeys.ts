import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/apiKeys';
import { requireScope } from '../auth/authenticate';
import { normalizeScope } from '../base/scopes';
import { ApiError } from '../../../src/shared/errors';
import { defineRoute, versioned, type RouteSpec } from '../http/route';

const keyInfo = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revoked: z.boolean(),
});

const create = defineRoute({
  method: 'post',
  paths: versioned('/api-keys'),
  summary: 'Create an API key (shown once)',
  description:
    'Needs the admin scope, or the account email and password as HTTP Basic (to recover when every key is lost). The key is in the answer only; the edge keeps its SHA-256 hash.',
  tag: 'API keys',
  access: 'admin',
  body: z.object({
    name: z.string().trim().min(1).max(100).describe('what the key is for'),
    scope: z.string().optional().describe('comma-separated subset of read, write, admin (default read,write)'),
  }),
  response: {
    status: 201,
    data: keyInfo.extend({ key: z.string().describe('the key itself: shown only in this answer') }),
  },
  async handle(c, { body }) {
    const principal = requireScope(c, 'admin');
    const scope = normalizeScope(body.scope ?? 'read,write');
    if (!scope)
      throw new ApiError('INVALID_PARAMETER', `Invalid value '${body.scope}' for 'scope'.`, {
        parameter: 'scope',
        value: body.scope,
        validValues: ['read', 'write', 'admin'],
      });
    return createApiKey(c.env, principal.accountId, body.name, scope);
  },
});

const list = defineRoute({
  method: 'get',
  paths: versioned('/api-keys'),
  summary: 'List your API keys (never the keys themselves)',
  tag: 'API keys',
  access: 'admin',
  response: { data: z.object({ keys: z.array(keyInfo), count: z.number().int() }) },
  async handle(c) {
    const keys = await listApiKeys(c.env, requireScope(c, 'admin').accountId);
    return { keys, count: keys.length };
  },
});

const revoke = defineRoute({
  method: 'delete',
  paths: versioned('/api-keys/:id'),
  params: { id: 'the key id from the list' },
  summary: 'Revoke an API key',
  tag: 'API keys',
  access: 'admin',
  response: { data: z.object({ id: z.string(), revoked: z.literal(true) }) },
  async handle(c) {
    const principal = requireScope(c, 'admin');
    const id = c.req.param('id') ?? '';
    if (!(await revokeApiKey(c.env, principal.accountId, id)))
      throw new ApiError('NOT_FOUND', `No API key '${id}' in your account.`, { id });
    return { id, revoked: true as const };
  },
});

export const apiKeyRoutes: RouteSpec[] = [create, list, revoke];
