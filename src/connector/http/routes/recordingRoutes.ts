import { ApiError, missingParameter } from '../../../shared/errors';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/recordingExport';
import { replayWithMocks } from '../../networkMocks/replayWithMocks';
import type { ConnectorServices } from '../../services';
import { parseMockList } from './networkMockRoutes';
import type { Route } from '../route';

function bodyRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function optionalString(record: Record<string, unknown>, name: string): string | undefined {
  const value = record[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw new ApiError('INVALID_PARAMETER', `Invalid '${name}': expected a string.`, { parameter: name });
  return value;
}

function optionalBoolean(record: Record<string, unknown>, name: string): boolean | undefined {
  const value = record[name];
  if (value === undefined || typeof value === 'boolean') return value;
  throw new ApiError('INVALID_PARAMETER', `Invalid '${name}': expected true or false.`, { parameter: name });
}

/** `secrets` for a replay: {"password": "…"}, used for this replay only and kept in memory. */
function secretsOf(record: Record<string, unknown>): Record<string, string> {
  const secrets = record.secrets;
  if (secrets === undefined) return {};
  if (
    !secrets ||
    typeof secrets !== 'object' ||
    Array.isArray(secrets) ||
    Object.values(secrets).some((value) => typeof value !== 'string')
  ) {
    throw new ApiError(
      'INVALID_PARAMETER',
      'Invalid \'secrets\': expected an object of strings, e.g. {"password": "…"}.',
      { parameter: 'secrets' },
    );
  }
  return secrets as Record<string, string>;
}

/** `video`: film the replay's tab (true), or not (false, the default). */
function videoOf(record: Record<string, unknown>): boolean {
  const video = record.video ?? false;
  if (typeof video !== 'boolean')
    throw new ApiError('INVALID_PARAMETER', "Invalid 'video': expected true or false.", { parameter: 'video' });
  return video;
}

function formatOf(query: Record<string, unknown>): ExportFormat {
  const format = query.format ?? 'playwright';
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new ApiError('INVALID_PARAMETER', `Invalid 'format': use one of ${EXPORT_FORMATS.join(', ')}.`, {
      parameter: 'format',
    });
  return format as ExportFormat;
}

/** `?leakCheck=5`: the Playwright export's leak assertion over that many loops (the exporter checks the range). */
function leakCheckOf(query: Record<string, unknown>): number | undefined {
  const value = query.leakCheck;
  if (value === undefined) return undefined;
  // Not a number: NaN, which the exporter refuses with the range to send.
  return typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
}

/** Recordings: start/stop in the browser, list, read, rename, replay, export, import a DevTools Recorder flow, delete. */
export function recordingRoutes(services: ConnectorServices): Route[] {
  const { recordings } = services;
  return [
    {
      method: 'POST',
      path: '/recordings',
      handle: ({ body }) => recordings.start(optionalString(bodyRecord(body), 'title')),
    },
    { method: 'GET', path: '/recordings', handle: async () => ({ recordings: await recordings.list() }) },
    {
      method: 'POST',
      path: '/recordings/import',
      handle: ({ body }) => {
        const record = bodyRecord(body);
        if (record.flow === undefined)
          throw missingParameter('flow', 'Send {"flow": <the JSON DevTools Recorder exports>}.');
        return recordings.import(record.flow, optionalString(record, 'title'));
      },
    },
    { method: 'GET', path: '/recordings/:id', handle: ({ params }) => recordings.get(params.id!) },
    {
      method: 'GET',
      path: '/recordings/:id/export',
      handle: ({ params, query }) => recordings.export(params.id!, formatOf(query), { leakCheck: leakCheckOf(query) }),
    },
    {
      method: 'PATCH',
      path: '/recordings/:id',
      handle: ({ params, body }) => {
        const title = optionalString(bodyRecord(body), 'title');
        if (title === undefined) throw missingParameter('title', 'Send {"title": "the new name"}.');
        return recordings.rename(params.id!, title);
      },
    },
    { method: 'DELETE', path: '/recordings/:id', handle: ({ params }) => recordings.delete(params.id!) },
    { method: 'POST', path: '/recordings/:id/stop', handle: ({ params }) => recordings.stop(params.id!) },
    {
      method: 'POST',
      path: '/recordings/:id/replay',
      handle: ({ params, body, signal }) =>
        replayWithMocks(services, params.id!, parseMockList(bodyRecord(body).networkMocks), {
          secrets: secretsOf(bodyRecord(body)),
          video: videoOf(bodyRecord(body)),
          visual: optionalBoolean(bodyRecord(body), 'visual'),
          signal,
        }),
    },
  ];
}
