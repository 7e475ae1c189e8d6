import { z } from 'zod';
import { contextLabel, inContext } from '../../../shared/captureContext';
import { ApiError, missingParameter } from '../../../shared/errors';
import { levelOf, meetsLevel, type LogLevel } from '../../../shared/levels';
import { captureEventSchema, type StoredConsoleError, type StoredConsoleLog } from '../../../shared/protocol';
import type { ConnectorServices } from '../../services';
import { withMappedFields, type MappedFields } from '../../sourceMaps/mappedEntries';
import { TextBody } from '../envelope';
import { parseContext, parseFormat, parseLevel, parseLimit, parseSince } from '../params';
import { defaultLimit, type Route } from '../route';

type ConsoleEntry = StoredConsoleLog | StoredConsoleError;

/** Uncaught errors read as console entries of level `error`. */
function asLogEntry(entry: ConsoleEntry): ConsoleEntry & { level: LogLevel } {
  return entry.type === 'console-error' ? { ...entry, level: 'error' } : entry;
}

function asText(entries: (ConsoleEntry & MappedFields)[]): TextBody {
  const lines = entries.map((entry) => {
    const source = entry.originalSource ?? entry.source;
    const where = source ? ` (${source})` : '';
    const context = entry.context ? `[${contextLabel(entry.context)}] ` : '';
    return `${new Date(entry.timestamp).toISOString()} [${levelOf(entry).toUpperCase()}] ${context}${entry.message}${where}`;
  });
  return new TextBody(lines.join('\n') + (lines.length ? '\n' : ''));
}

/** A body without `type` is a console log at level `log`, and one without `timestamp` happened now. */
const extensionLogBody = z.object({ data: z.record(z.string(), z.unknown()) });

export function consoleRoutes({ store, locator }: ConnectorServices): Route[] {
  return [
    {
      method: 'GET',
      path: '/console-logs',
      handle: async ({ variant, query }) => {
        const limit = parseLimit(query, defaultLimit(variant));
        const level = parseLevel(query);
        const since = parseSince(query);
        const format = parseFormat(query);
        const context = parseContext(query);
        const { entries, matched, total } = store.query(
          ['consoleLogs', 'consoleErrors'],
          level === undefined && since === undefined && context === undefined
            ? undefined
            : (entry) =>
                (level === undefined || meetsLevel(levelOf(entry), level)) &&
                (since === undefined || entry.timestamp >= since) &&
                inContext(entry, context),
          limit,
        );
        const mapped = await withMappedFields(entries, locator);
        if (format === 'text') return asText(mapped);
        return {
          logs: mapped.map(asLogEntry),
          count: entries.length,
          truncated: matched > entries.length,
          total,
          filtered: matched,
          timestamp: new Date().toISOString(),
        };
      },
    },
    {
      method: 'GET',
      path: '/console-errors',
      handle: async ({ variant, query }) => {
        const limit = parseLimit(query, defaultLimit(variant));
        const { entries, matched } = store.query(
          ['consoleLogs', 'consoleErrors'],
          (entry) => levelOf(entry) === 'error',
          limit,
        );
        return {
          errors: (await withMappedFields(entries, locator)).map(asLogEntry),
          count: entries.length,
          total: matched,
          truncated: matched > entries.length,
        };
      },
    },
    {
      method: 'POST',
      path: '/extension-log',
      handle: async ({ body }) => {
        const parsed = extensionLogBody.safeParse(body);
        if (!parsed.success)
          throw missingParameter(
            'data',
            'Send {"data": {"type": "console-log", "level": "info", "message": "...", "timestamp": 1700000000000}}.',
          );
        const data: Record<string, unknown> = { type: 'console-log', timestamp: Date.now(), ...parsed.data.data };
        if (data.type === 'console-log') data.level ??= 'log';
        const event = captureEventSchema.safeParse(data);
        if (!event.success) {
          const issue = event.error.issues[0]!;
          const field = ['data', ...issue.path].join('.');
          throw new ApiError('INVALID_PARAMETER', `Invalid '${field}': ${issue.message}.`, {
            parameter: field,
            validValues: validValuesOf(issue),
          });
        }
        const entry = store.ingest(event.data);
        await store.commit(); // journaled before the answer acks it
        return { success: true, id: entry.id, seq: entry.seq };
      },
    },
    {
      method: 'POST',
      path: '/wipelogs',
      handle: () => {
        const cleared = store.clear();
        return { success: true, message: 'All captured data cleared.', cleared };
      },
    },
  ];
}

const CAPTURE_TYPES = captureEventSchema.options.map((option) => option.shape.type.value);

function validValuesOf(issue: z.core.$ZodIssue): unknown[] {
  if (issue.path.length === 1 && issue.path[0] === 'type') return CAPTURE_TYPES;
  if ('values' in issue && Array.isArray(issue.values)) return issue.values;
  if ('options' in issue && Array.isArray(issue.options)) return issue.options;
  if (issue.code === 'invalid_type') return [`a value of type ${issue.expected}`];
  return [];
}
