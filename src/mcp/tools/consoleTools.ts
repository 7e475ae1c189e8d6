import { z } from 'zod';
import { agentScope, scopeParam } from './agentScope';
import { CONTEXT_FILTERS, contextLabel, inContext } from '../../shared/captureContext';
import { locationLabel, type EntryLocation } from '../../shared/entryLocation';
import { consoleRepeatKey } from '../../shared/repeats';
import type { MappedFrame } from '../../shared/stackFrames';
import { levelOf, LOG_LEVELS, meetsLevel } from '../../shared/levels';
import type { StoredConsoleError, StoredConsoleLog } from '../../shared/protocol';
import { fencePage } from '../format/fence';
import { renderList } from '../format/list';
import { frameLocation, renderStack } from '../format/stack';
import { clock, cut, isoTime, oneLine, shortLocation } from '../format/text';
import { aliasOf, defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { beforeParam, idParam, limitParam, notFound, searchParam, sinceMs, sinceParam, toSeq } from './params';

type ConsoleEntry = StoredConsoleLog | StoredConsoleError;

/** Longest message in a list line; the detail tool shows the rest. */
const MESSAGE_CHARS = 300;
const MAX_FRAMES = 25;

/** `error`, or for uncaught errors `error (uncaught)`, `error (unhandledrejection)`… */
function label(entry: ConsoleEntry): string {
  return entry.type === 'console-error' ? `error (${entry.errorKind ?? 'uncaught'})` : entry.level;
}

/** Labels of mapped frames, made once: thousands of entries share a few locations. */
const labels = new WeakMap<MappedFrame, string>();

function labelOf(frame: MappedFrame): string {
  let label = labels.get(frame);
  if (label === undefined) labels.set(frame, (label = locationLabel(frame)));
  return label;
}

/** Where the entry happened, original first: the mapped location, else the captured `source`. */
function where(entry: ConsoleEntry, location: EntryLocation | undefined): string {
  if (location?.at) return labelOf(location.at);
  return entry.source ? shortLocation(entry.source) : '';
}

function line(entry: ConsoleEntry, location: EntryLocation | undefined): string {
  const message = cut(oneLine(entry.message), MESSAGE_CHARS, `get_console_entry id=${entry.id}`);
  const at = where(entry, location);
  const context = entry.context ? `[${contextLabel(entry.context)}] ` : '';
  return `#${entry.id} ${clock(entry.timestamp)} ${label(entry)} ${context}${message}${at ? ` (${at})` : ''}`;
}

const listSchema = z.strictObject({
  level: z.enum(LOG_LEVELS).optional().describe('Minimum level (warn: warnings and errors)'),
  limit: limitParam(100),
  since: sinceParam,
  before: beforeParam,
  search: searchParam,
  context: z.enum(CONTEXT_FILTERS).optional().describe('Where it ran: page, frame or a worker kind'),
  scope: scopeParam,
});

async function listConsole(
  args: z.output<typeof listSchema>,
  { services, budget, agent }: ToolContext,
): Promise<ToolAnswer> {
  const tabs = agentScope(agent, args.scope);
  const since = sinceMs(args.since);
  const before = toSeq(args.before) ?? Infinity;
  const needle = args.search?.toLowerCase();
  let matched = 0;
  const result = services.store.query(
    ['consoleLogs', 'consoleErrors'],
    (entry) => {
      if (!tabs.covers(entry)) return false;
      if (args.level && !meetsLevel(levelOf(entry), args.level)) return false;
      if (since !== undefined && entry.timestamp < since) return false;
      if (needle && !entry.message.toLowerCase().includes(needle)) return false;
      if (!inContext(entry, args.context)) return false;
      matched++;
      return entry.seq < before;
    },
    args.limit,
  );
  await services.locator.locateAll(result.entries);
  const locationOf = (entry: ConsoleEntry) => services.locator.peek(entry);
  const filters = [
    args.level && `level ≥ ${args.level}`,
    args.since && `since ${args.since}`,
    args.search && `text contains "${args.search}"`,
    args.context && `made in ${args.context}`,
    tabs.filter,
  ].filter(Boolean);
  return renderList({
    title: 'Console',
    noun: ['console entry', 'console entries'],
    entries: result.entries,
    matchedBefore: result.matched,
    matched,
    stored: result.total,
    filters: filters.join(', '),
    line: (entry) => line(entry, locationOf(entry)),
    repeatKey: (entry) => consoleRepeatKey(entry, where(entry, locationOf(entry))),
    seq: (entry) => entry.seq,
    timestamp: (entry) => entry.timestamp,
    narrow: 'narrow with level, search or since',
    detail: 'full message and source-mapped stack: get_console_entry id',
    budget,
  });
}

const getConsoleLogs = defineTool({
  name: 'get_console_logs',
  title: 'Console logs',
  description:
    'Console output and uncaught errors, one line each with its id. Try level="error"; get_console_entry shows one.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: listSchema,
  handler: listConsole,
});

const entrySchema = z.strictObject({ id: idParam });

async function consoleEntry(
  { id }: z.output<typeof entrySchema>,
  { services, budget }: ToolContext,
): Promise<ToolAnswer> {
  const entry = services.store.findById(String(id));
  if (entry && entry.type !== 'console-log' && entry.type !== 'console-error') {
    throw new ToolError(
      `Entry ${id} is a ${entry.type}, not a console entry.${entry.type === 'network-request' ? ' Use get_network_request.' : ''}`,
    );
  }
  if (!entry) throw notFound(id, 'console entry', 'get_console_logs');
  const { at, frames, totalFrames } = await services.locator.locate(entry);
  const title = `Console entry #${entry.id}: ${label(entry)} at ${isoTime(entry.timestamp)}`;
  const head = [
    entry.url || entry.tabId !== undefined
      ? `Page: ${entry.url ?? '(unknown)'}${entry.tabId !== undefined ? ` (tab ${entry.tabId})` : ''}, page load ${entry.pageLoadId}`
      : undefined,
    entry.context ? `In: ${contextLabel(entry.context)}` : undefined,
    at ? `Source: ${frameLocation(at)}` : undefined,
  ].filter((text): text is string => text !== undefined);
  const stack = totalFrames ? renderStack(frames, totalFrames) : rawStack(entry.stack);
  const room = budget - title.length - head.join('\n').length - stack.join('\n').length - 250;
  const page = [...head, 'Message:', cut(entry.message, Math.max(1000, room)), ...stack];
  return {
    text: `${title}\n${fencePage(page)}`,
    shown: [entry.seq],
  };
}

function rawStack(stack: string | string[] | undefined): string[] {
  if (!stack || !stack.length) return ['No stack was captured.'];
  const lines = typeof stack === 'string' ? stack.split('\n') : stack;
  return ['Stack (as captured):', ...lines.slice(0, MAX_FRAMES).map((text) => `  ${cut(text.trim(), 300)}`)];
}

const getConsoleEntry = defineTool({
  name: 'get_console_entry',
  title: 'One console entry',
  description: 'One console entry in full, its stack mapped to the original sources.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: entrySchema,
  handler: consoleEntry,
});

export const consoleTools = [getConsoleLogs, aliasOf(getConsoleLogs, 'getConsoleLogs'), getConsoleEntry];
