import { ApiError } from '../../../shared/errors';
import type { ConnectorServices } from '../../services';
import { FileBody, TextBody } from '../envelope';
import type { Route } from '../route';

/** An optional single query value (before, after, format). */
function queryString(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw new ApiError('INVALID_PARAMETER', `Invalid '${name}': send it once, as a string.`, { parameter: name });
  return value;
}

function receiptFormat(query: Record<string, unknown>): 'json' | 'markdown' {
  const format = queryString(query, 'format') ?? 'json';
  if (format !== 'json' && format !== 'markdown')
    throw new ApiError('INVALID_PARAMETER', `Invalid 'format': use json or markdown.`, {
      parameter: 'format',
      validValues: ['json', 'markdown'],
    });
  return format;
}

/** The evidence of replays: a recording's runs, a run's timeline and video, the fail→pass receipt. */
export function evidenceRoutes(services: ConnectorServices): Route[] {
  const { evidence } = services;
  return [
    {
      method: 'GET',
      path: '/recordings/:id/runs',
      handle: async ({ params }) => ({ runs: await evidence.list(params.id!) }),
    },
    {
      method: 'GET',
      path: '/recordings/:id/runs/:runId',
      handle: ({ params }) => evidence.run(params.id!, params.runId!),
    },
    {
      method: 'GET',
      path: '/recordings/:id/runs/:runId/timeline',
      handle: ({ params }) => evidence.timeline(params.id!, params.runId!),
    },
    {
      method: 'GET',
      path: '/recordings/:id/runs/:runId/video',
      handle: async ({ params }) => {
        const video = await evidence.video(params.id!, params.runId!);
        return new FileBody(video.path, video.mimeType);
      },
    },
    {
      method: 'GET',
      path: '/recordings/:id/runs/:runId/still',
      handle: async ({ params }) => new FileBody((await evidence.still(params.id!, params.runId!)).path, 'image/jpeg'),
    },
    {
      method: 'GET',
      path: '/recordings/:id/receipt',
      handle: async ({ params, query }) => {
        const format = receiptFormat(query);
        const receipt = await evidence.receipt(params.id!, queryString(query, 'before'), queryString(query, 'after'));
        return format === 'markdown' ? new TextBody(receipt.markdown) : receipt;
      },
    },
  ];
}
