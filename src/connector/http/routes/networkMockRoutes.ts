import { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { mockRuleSchema } from '../../../shared/networkMockSchema';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

const MAX_REPLAY_MOCKS = 20;
const EXAMPLE = 'e.g. {"url": "*/api/orders*", "action": "respond", "status": 503, "body": "down"}';

/** A rule from a body, with its tab; the first problem becomes a 400 naming the field. */
export function parseMockBody(body: unknown): { rule: z.output<typeof mockRuleSchema>; tabId?: number } {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : undefined;
  if (!record)
    throw new ApiError('INVALID_REQUEST', `Send a rule as a JSON object, ${EXAMPLE}.`, { parameter: 'body' });
  const { tabId, ...rule } = record as Record<string, unknown>;
  if (tabId !== undefined && !Number.isInteger(tabId))
    throw new ApiError('INVALID_PARAMETER', "Invalid 'tabId': expected a tab id (an integer).", { parameter: 'tabId' });
  const parsed = mockRuleSchema.safeParse(rule);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const parameter = issue.path.length ? issue.path.join('.') : 'body';
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const message = unknownKeys.length
      ? `Unknown rule field(s): ${unknownKeys.join(', ')}; ${EXAMPLE}.`
      : `Invalid '${parameter}': ${issue.message}; ${EXAMPLE}.`;
    throw new ApiError('INVALID_PARAMETER', message, { parameter });
  }
  return { rule: parsed.data, tabId: tabId as number | undefined };
}

/** `networkMocks` of a replay: a list of rules, each checked like POST /network-mocks. */
export function parseMockList(value: unknown): z.output<typeof mockRuleSchema>[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_REPLAY_MOCKS)
    throw new ApiError(
      'INVALID_PARAMETER',
      `Invalid 'networkMocks': expected a list of up to ${MAX_REPLAY_MOCKS} rules, ${EXAMPLE}.`,
      { parameter: 'networkMocks' },
    );
  return value.map((rule, index) => {
    try {
      return parseMockBody(rule).rule;
    } catch (error) {
      const apiError = error as ApiError;
      throw new ApiError('INVALID_PARAMETER', `networkMocks[${index}]: ${apiError.message}`, {
        parameter: `networkMocks.${index}`,
      });
    }
  });
}

/** Network mocks: set a rule in the target tab, list the rules in force, clear one or all. */
export function networkMockRoutes({ networkMocks }: ConnectorServices): Route[] {
  return [
    { method: 'GET', path: '/network-mocks', handle: async () => ({ mocks: await networkMocks.list() }) },
    {
      method: 'POST',
      path: '/network-mocks',
      handle: async ({ body }) => {
        const { rule, tabId } = parseMockBody(body);
        return { mock: await networkMocks.add(rule, tabId) };
      },
    },
    { method: 'DELETE', path: '/network-mocks', handle: () => networkMocks.clear() },
    { method: 'DELETE', path: '/network-mocks/:id', handle: ({ params }) => networkMocks.clear(params.id!) },
  ];
}
