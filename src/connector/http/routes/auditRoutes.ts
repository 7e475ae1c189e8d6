import { auditRequestSchema, type AuditCategory, type AuditRequest } from '../../../shared/audit';
import { ApiError, missingParameter } from '../../../shared/errors';
import { accessibilityResult, engineResult, performanceResult } from '../../audit/auditShapes';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

type Body = Record<string, unknown>;

const EXAMPLE = 'Send {"url": "http://localhost:5173/"}.';

/** `/accessibility-audit` and `/performance-audit` take the spec's `options.formFactor` / `options.screenEmulation`. */
function fromOptionsBody(body: Body, categories: AuditCategory[]): Record<string, unknown> {
  const options = (body.options && typeof body.options === 'object' ? body.options : {}) as Body;
  const { formFactor, screenEmulation, ...rest } = options;
  return {
    ...rest,
    url: body.url,
    categories,
    device: formFactor,
    screenEmulation,
    shareCookies: body.shareCookies,
    timeoutMs: body.timeoutMs,
  };
}

/** Validates against the one request schema; the error names the parameter as the caller wrote it. */
function parseRequest(
  body: unknown,
  shape: (body: Body) => Record<string, unknown>,
  names: Record<string, string> = {},
): AuditRequest {
  const record = (body && typeof body === 'object' ? body : {}) as Body;
  if (record.url === undefined || record.url === '') throw missingParameter('url', EXAMPLE);
  const candidate = Object.fromEntries(Object.entries(shape(record)).filter(([, value]) => value !== undefined));
  const parsed = auditRequestSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.join('.');
  const parameter = names[String(issue.path[0])] ?? path ?? 'body';
  const unknownKeys = issue.code === 'unrecognized_keys' ? ` Unknown: ${issue.keys.join(', ')}.` : '';
  throw new ApiError('INVALID_PARAMETER', `Invalid '${parameter}': ${issue.message}.${unknownKeys}`, {
    parameter,
    validValues: validValues(String(issue.path[0])),
  });
}

function validValues(field: string): string[] {
  if (field === 'categories') return ['performance', 'accessibility', 'best-practices', 'seo'];
  if (field === 'device') return ['desktop', 'mobile'];
  if (field === 'url') return ['an http(s) URL such as http://localhost:5173/'];
  return [];
}

const OPTION_NAMES = { device: 'options.formFactor', screenEmulation: 'options.screenEmulation' };

/** The three Lighthouse endpoints. Each waits for its turn in the connector's one-at-a-time queue. */
export function auditRoutes({ audits }: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/accessibility-audit',
      handle: async ({ body }) => {
        const { lhr, summary } = await audits.run(
          parseRequest(body, (record) => fromOptionsBody(record, ['accessibility']), OPTION_NAMES),
        );
        return accessibilityResult(lhr, summary);
      },
    },
    {
      method: 'POST',
      path: '/performance-audit',
      handle: async ({ body }) => {
        const { lhr, summary } = await audits.run(
          parseRequest(body, (record) => fromOptionsBody(record, ['performance']), OPTION_NAMES),
        );
        return performanceResult(lhr, summary);
      },
    },
    {
      method: 'POST',
      path: '/engine-audit',
      handle: async ({ body }) => {
        const { summary } = await audits.run(parseRequest(body, (record) => record));
        return engineResult(summary);
      },
    },
  ];
}
