import { z } from 'zod';
import { ApiError, missingParameter } from '../../../shared/errors';
import { screenshotOptionsSchema } from '../../../shared/screenshotSchema';
import type { ConnectorServices } from '../../services';
import { parseBoolean } from '../params';
import type { Route } from '../route';

const currentUrlBody = z.object({
  url: z.string().min(1),
  tabId: z.number().int().optional(),
  source: z.string().max(200).optional(),
  title: z.string().optional(),
});

const inlineFlag = z.object({ inline: z.boolean().optional() });

/** Flat (`{fullPage}`) and nested (`{options: {...}}`) bodies both work; nested wins. */
function screenshotRequest(body: unknown, query: Record<string, unknown>) {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const nested = (record.options && typeof record.options === 'object' ? record.options : {}) as Record<
    string,
    unknown
  >;
  const merged: Record<string, unknown> = { ...record, ...nested };
  delete merged.options;
  const inline = inlineFlag.safeParse(merged);
  delete merged.inline;
  const options = screenshotOptionsSchema.strict().safeParse(merged);
  if (!options.success) {
    const issue = options.error.issues[0]!;
    const parameter = issue.path.length ? `options.${issue.path.join('.')}` : 'options';
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const message = unknownKeys.length
      ? `Unknown screenshot option(s): ${unknownKeys.join(', ')}.`
      : `Invalid '${parameter}': ${issue.message}.`;
    throw new ApiError('INVALID_PARAMETER', message, {
      parameter,
      validValues: Object.keys(screenshotOptionsSchema.shape).concat('inline'),
    });
  }
  const wantsInline = (inline.success && inline.data.inline) || parseBoolean(query, 'inline') === true;
  return { options: { fullPage: true, ...options.data }, inline: wantsInline };
}

export function pageRoutes({ store, screenshots }: ConnectorServices): Route[] {
  return [
    {
      method: 'GET',
      path: '/current-url',
      handle: () => {
        const page = store.currentPage;
        return page
          ? { ...page }
          : {
              url: null,
              tabId: null,
              message: 'No page reported yet: open a page in a browser with the Browser Debug extension.',
            };
      },
    },
    {
      method: 'POST',
      path: '/current-url',
      handle: async ({ body }) => {
        const record = (body ?? {}) as Record<string, unknown>;
        if (record.url === undefined)
          throw missingParameter('url', 'Send {"url": "http://localhost:5173/", "tabId": 1, "source": "manual"}.');
        const parsed = currentUrlBody.safeParse(record);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const parameter = String(issue.path[0] ?? 'body');
          throw new ApiError('INVALID_PARAMETER', `Invalid '${parameter}': ${issue.message}.`, {
            parameter,
            validValues: [],
          });
        }
        const entry = store.ingest({ type: 'current-url', timestamp: Date.now(), ...parsed.data });
        await store.commit();
        return { success: true, ...store.currentPage, id: entry.id };
      },
    },
    {
      method: 'GET',
      path: '/selected-element',
      handle: () => {
        const latest = store.latest('selectedElements');
        if (!latest)
          return { element: null, message: 'No element selected yet: select one in the DevTools Elements panel.' };
        return {
          element: latest.element,
          url: latest.url,
          tabId: latest.tabId,
          timestamp: latest.timestamp,
          id: latest.id,
        };
      },
    },
    {
      method: 'POST',
      path: '/capture-screenshot',
      handle: async ({ body, query }) => {
        const request = screenshotRequest(body, query);
        const { entry, dataUrl } = await screenshots.capture(request.options);
        if (request.inline) {
          return {
            screenshot: dataUrl,
            format: entry.format,
            dimensions: entry.dimensions,
            timestamp: new Date(entry.timestamp).toISOString(),
            path: entry.path,
          };
        }
        return {
          success: true,
          path: entry.path,
          size: entry.size,
          dimensions: entry.dimensions,
          format: entry.format,
          id: entry.id,
        };
      },
    },
  ];
}
