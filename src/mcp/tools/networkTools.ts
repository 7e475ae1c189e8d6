import { z } from 'zod';
import { contextLabel } from '../../shared/captureContext';
import { agentScope, scopeParam } from './agentScope';
import { parseMethod, parseStatus } from '../../connector/http/params';
import { isFailedRequest } from '../../shared/networkOutcome';
import type { StoredNetworkRequest } from '../../shared/protocol';
import { fencePage } from '../format/fence';
import { renderList } from '../format/list';
import type { EntryLocator } from '../../connector/sourceMaps/entryLocator';
import { locationLabel } from '../../shared/entryLocation';
import { frameLocation } from '../format/stack';
import { bytes, clock, cut, isoTime, shortLocation } from '../format/text';
import { aliasOf, defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { beforeParam, idParam, limitParam, notFound, searchParam, sinceMs, sinceParam, toSeq } from './params';

const URL_CHARS = 300;

function responseSize(request: StoredNetworkRequest): number | undefined {
  return typeof request.size === 'object' ? request.size.response : request.size;
}

function outcome(request: StoredNetworkRequest): string {
  if (request.error) return `✗ ${request.error}`;
  return `${request.status ?? 0}${request.statusText ? ' ' + request.statusText : ''}`;
}

/** ` from /src/api.ts:7:5`: the page code that started the request, original first. */
function initiatorText(request: StoredNetworkRequest, locator: EntryLocator): string {
  if (!request.initiator) return '';
  const at = locator.peek({ source: request.initiator })?.at;
  return ` from ${at ? locationLabel(at) : shortLocation(request.initiator)}`;
}

function line(request: StoredNetworkRequest, locator: EntryLocator): string {
  const size = responseSize(request);
  const facts = [
    request.mocked && `mocked by ${request.mocked.ruleId}`,
    request.resourceType,
    request.duration !== undefined && `${Math.round(request.duration)} ms`,
    size !== undefined && bytes(size),
  ].filter(Boolean);
  const url = cut(request.url, URL_CHARS, `get_network_request id=${request.id}`);
  const context = request.context ? ` [${contextLabel(request.context)}]` : '';
  return `#${request.id} ${clock(request.timestamp)} ${request.method} ${outcome(request)} ${url}${facts.length ? ` (${facts.join(', ')})` : ''}${initiatorText(request, locator)}${context}`;
}

const listSchema = z.strictObject({
  status: z
    .union([
      z.number().int().min(100).max(599),
      z.string().regex(/^([1-5]\d\d|[1-5]xx)$/i, 'expected a status such as 404 or a class such as 4xx'),
    ])
    .optional()
    .describe('404 or "4xx"'),
  method: z
    .string()
    .regex(/^[A-Za-z]{1,20}$/, 'expected an HTTP method such as GET')
    .optional()
    .describe('e.g. POST'),
  limit: limitParam(100),
  failed: z.boolean().optional().describe('true: 4xx/5xx or no response; false: the rest'),
  since: sinceParam,
  before: beforeParam,
  search: searchParam.describe('URL contains (any case)'),
  scope: scopeParam,
});
type ListArgs = z.output<typeof listSchema>;

async function listRequests(args: ListArgs, { services, budget, agent }: ToolContext): Promise<ToolAnswer> {
  const tabs = agentScope(agent, args.scope);
  const status = args.status === undefined ? undefined : parseStatus({ status: String(args.status) });
  const method = parseMethod({ method: args.method });
  const since = sinceMs(args.since);
  const before = toSeq(args.before) ?? Infinity;
  const needle = args.search?.toLowerCase();
  let matched = 0;
  const result = services.store.query(
    args.failed === true
      ? ['networkErrors']
      : args.failed === false
        ? ['networkSuccess']
        : ['networkSuccess', 'networkErrors'],
    (request) => {
      if (!tabs.covers(request)) return false;
      if (status && !status(request.status)) return false;
      if (method && request.method.toUpperCase() !== method) return false;
      if (since !== undefined && request.timestamp < since) return false;
      if (needle && !request.url.toLowerCase().includes(needle)) return false;
      matched++;
      return request.seq < before;
    },
    args.limit,
  );
  await services.locator.locateAll(
    result.entries.filter((request) => request.initiator).map((request) => ({ source: request.initiator })),
  );
  const filters = [
    args.failed !== undefined && (args.failed ? 'failed only' : 'successful only'),
    args.status && `status ${args.status}`,
    method,
    args.since && `since ${args.since}`,
    args.search && `URL contains "${args.search}"`,
    tabs.filter,
  ];
  return renderList({
    title: 'Network',
    noun: ['request', 'requests'],
    entries: result.entries,
    matchedBefore: result.matched,
    matched,
    stored: services.store.counts().networkSuccess + services.store.counts().networkErrors,
    filters: filters.filter(Boolean).join(', '),
    line: (request) => line(request, services.locator),
    seq: (request) => request.seq,
    timestamp: (request) => request.timestamp,
    narrow: 'narrow with failed, status, method, search or since',
    detail: 'headers, bodies and timing: get_network_request id',
    budget,
  });
}

const getNetworkRequests = defineTool({
  name: 'get_network_requests',
  title: 'Network requests',
  description:
    'Requests the page made, one line each with its id. failed=true shows what broke; get_network_request shows one.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: listSchema,
  handler: listRequests,
});

const detailSchema = z.strictObject({
  id: idParam,
  maxBodyChars: z.number().int().min(100).max(100_000).default(4000).describe('Longest body shown (chars)'),
});

async function requestDetail(
  { id, maxBodyChars }: z.output<typeof detailSchema>,
  { services, budget }: ToolContext,
): Promise<ToolAnswer> {
  const request = services.store.findById(String(id));
  if (request && request.type !== 'network-request') {
    throw new ToolError(
      `Entry ${id} is a ${request.type}, not a network request.${request.type.startsWith('console') ? ' Use get_console_entry.' : ''}`,
    );
  }
  if (!request) throw notFound(id, 'network request', 'get_network_requests');
  const size =
    typeof request.size === 'object'
      ? `request ${bytes(request.size.request)}, response ${bytes(request.size.response)}`
      : request.size !== undefined
        ? `response ${bytes(request.size)}`
        : undefined;
  const initiator = request.initiator ? (await services.locator.locate({ source: request.initiator })).at : undefined;
  const timing = request.timing
    ? Object.entries(request.timing)
        .map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`)
        .join(', ')
    : undefined;
  const lines = [
    `${request.method} ${request.url}`,
    `Result: ${isFailedRequest(request) ? 'failed, ' : ''}${outcome(request)}${request.resourceType ? ` (${request.resourceType})` : ''}`,
    `Started ${isoTime(request.timestamp)}${request.duration !== undefined ? `, took ${Math.round(request.duration)} ms` : ''}${request.tabId !== undefined ? `, tab ${request.tabId}` : ''}, page load ${request.pageLoadId}`,
    initiator && `Initiator: ${frameLocation(initiator)}`,
    request.context && `Made by: ${contextLabel(request.context)}`,
    request.mocked && `Mocked: network mock ${request.mocked.ruleId} (${request.mocked.action})`,
    size && `Size: ${size}`,
    timing && `Timing: ${timing}`,
    ...headers('Request headers', request.requestHeaders),
    ...headers('Response headers', request.responseHeaders),
    ...body('Request body', request.requestBody, maxBodyChars),
    ...body('Response body', request.responseBody, maxBodyChars),
  ].filter((text): text is string => typeof text === 'string');
  const page = fencePage(cut(lines.join('\n'), budget - 250, 'lower maxBodyChars'));
  return { text: `Request #${request.id}:\n${page}`, shown: [request.seq] };
}

function headers(title: string, values: Record<string, string> | undefined): string[] {
  if (!values || !Object.keys(values).length) return [`${title}: none captured`];
  return [`${title}:`, ...Object.entries(values).map(([name, value]) => `  ${name}: ${cut(value, 500)}`)];
}

function body(title: string, value: string | undefined, max: number): string[] {
  if (value === undefined) return [];
  return [`${title} (${value.length} chars):`, cut(value, max, 'raise maxBodyChars to see more')];
}

const getNetworkRequest = defineTool({
  name: 'get_network_request',
  title: 'One network request',
  description: 'One request in full: status, timing, sizes, headers and captured bodies.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: detailSchema,
  handler: requestDetail,
});

const getNetworkErrors = aliasOf(getNetworkRequests, 'getNetworkErrors', {
  schema: listSchema.omit({ failed: true }),
  fixed: { failed: true },
  description:
    'Earlier name: get_network_requests with failed=true, the requests that failed (HTTP 4xx/5xx or no response). Same arguments otherwise.',
});

export const networkTools = [getNetworkRequests, getNetworkErrors, getNetworkRequest];
