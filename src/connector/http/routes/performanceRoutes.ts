import { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import type { ConnectorServices } from '../../services';
import { parseLimit } from '../params';
import type { Route } from '../route';

export const MAX_TRACE_DURATION_MS = 15_000;

const traceBody = z.strictObject({
  reload: z.boolean().optional(),
  durationMs: z.number().int().min(100).max(MAX_TRACE_DURATION_MS).optional(),
  tabId: z.number().int().optional(),
});

function traceRequest(body: unknown) {
  const parsed = traceBody.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? 'body');
    throw new ApiError(
      'INVALID_PARAMETER',
      `Invalid '${parameter}': ${issue.message}. Send {"reload": true} or {"reload": false, "durationMs": 5000} (100..${MAX_TRACE_DURATION_MS}).`,
      {
        parameter,
        validValues: ['reload', 'durationMs', 'tabId'],
      },
    );
  }
  if (parsed.data.reload !== false && parsed.data.durationMs !== undefined) {
    throw new ApiError(
      'INVALID_PARAMETER',
      'durationMs applies only with "reload": false; a reload trace ends by itself once the page loaded and settled.',
      { parameter: 'durationMs', validValues: [] },
    );
  }
  return parsed.data;
}

export function performanceRoutes({ performance, webVitals, store }: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/performance-trace',
      handle: async ({ body, signal }) => {
        const record = await performance.record({ ...traceRequest(body), signal });
        return {
          success: true,
          id: record.id,
          path: record.path,
          bytes: record.bytes,
          elapsedMs: record.elapsedMs,
          summary: record.summary,
        };
      },
    },
    {
      method: 'GET',
      path: '/performance-traces',
      handle: () => ({
        traces: performance.records.map(({ summary, ...rest }) => ({
          ...rest,
          url: summary.url,
          lcpMs: summary.lcp?.ms,
          cls: summary.cls?.score,
        })),
      }),
    },
    {
      method: 'GET',
      path: '/web-vitals',
      handle: ({ query, variant }) => {
        const limit = parseLimit(query, variant === 'A' ? 50 : 100);
        const { pageLoads, total } = webVitals.list(limit);
        // Joined with the page-load records at read time: the title and URL the navigation reported.
        const ids = new Set(pageLoads.map((load) => load.pageLoadId));
        const navigations = new Map<string, { url: string; title?: string }>();
        for (const entry of store.query(
          ['pageLoads'],
          (candidate) => candidate.type === 'page-navigated' && ids.has(candidate.pageLoadId),
          limit,
        ).entries)
          navigations.set(entry.pageLoadId, entry);
        const joined = pageLoads.map((load) => ({
          ...load,
          url: navigations.get(load.pageLoadId)?.url ?? load.url,
          title: navigations.get(load.pageLoadId)?.title,
        }));
        return { pageLoads: joined, total, returned: joined.length };
      },
    },
  ];
}
