/** zod schemas of network mock rules (the browser extension imports only ./networkMocks, without zod). */
import { z } from 'zod';
import {
  MOCK_ACTIONS,
  MOCK_BODY_MAX_CHARS,
  MOCK_DELAY_MAX_MS,
  MOCK_FAIL_REASONS,
  MOCK_RESOURCE_TYPES,
  mockHeaderAllowed,
  type MockAction,
  type MockRule,
} from './networkMocks';

const ruleFields = {
  url: z.string().min(1).max(2000).optional().describe('Glob: * any, ? one char; no * = contains'),
  urlPattern: z.string().min(1).max(2000).optional().describe('Or a URLPattern'),
  method: z
    .string()
    .regex(/^[A-Za-z]{1,20}$/, 'an HTTP method such as GET')
    .optional()
    .describe('Default any'),
  resourceType: z.enum(MOCK_RESOURCE_TYPES).optional().describe('default any'),
  action: z.enum(MOCK_ACTIONS).describe('delay: wait, then continue'),
  status: z.number().int().min(100).max(599).optional().describe('respond (200)'),
  headers: z.record(z.string().max(200), z.string().max(8000)).optional().describe('respond'),
  body: z.string().max(MOCK_BODY_MAX_CHARS).optional().describe('respond'),
  error: z.enum(MOCK_FAIL_REASONS).optional().describe('fail (Failed)'),
  delayMs: z.number().int().min(1).max(MOCK_DELAY_MAX_MS).optional().describe('delay, ms'),
  times: z.number().int().min(1).max(100_000).optional().describe('Then end'),
};

/** The fields of a rule, unchecked across fields (MCP tools list this shape as their input). */
export const mockRuleShape = z.strictObject(ruleFields);

/** Fields that belong to one action only. */
const ACTION_FIELDS: Record<string, MockAction> = {
  status: 'respond',
  headers: 'respond',
  body: 'respond',
  error: 'fail',
  delayMs: 'delay',
};

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~\w-]+$/;

/** A rule as the caller gives it: exactly one of url / urlPattern, and only its action's fields. */
export const mockRuleSchema = mockRuleShape.superRefine((rule, context) => {
  if ((rule.url === undefined) === (rule.urlPattern === undefined))
    context.addIssue({ code: 'custom', path: ['url'], message: 'give exactly one of url (a glob) or urlPattern' });
  if (rule.action === 'delay' && rule.delayMs === undefined)
    context.addIssue({ code: 'custom', path: ['delayMs'], message: 'delay needs delayMs' });
  for (const name of Object.keys(rule.headers ?? {}))
    if (!HEADER_NAME.test(name))
      context.addIssue({
        code: 'custom',
        path: ['headers', name],
        message: 'a header name is letters, digits and - only',
      });
    else if (!mockHeaderAllowed(name))
      context.addIssue({
        code: 'custom',
        path: ['headers', name],
        message: `a mock may not set ${name}: it would change cookies or site data for the origin; mock the body or status instead`,
      });
  for (const [field, action] of Object.entries(ACTION_FIELDS))
    if ((rule as Record<string, unknown>)[field] !== undefined && rule.action !== action)
      context.addIssue({ code: 'custom', path: [field], message: `${field} belongs to action ${action}` });
});

/** A compile error when the zod shape and the plain MockRule type drift apart. */
type InStep<A extends B, B> = A;
export type CheckedMockRule = InStep<z.infer<typeof mockRuleShape>, MockRule>;

/** What a mocked request's capture carries: which rule answered it. */
export const mockedMarkSchema = z.object({
  ruleId: z.string().max(100),
  action: z.enum(MOCK_ACTIONS),
});
