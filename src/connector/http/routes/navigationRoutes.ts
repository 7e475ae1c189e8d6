import { z } from 'zod';
import { ApiError } from '../../../shared/errors';
import { tabCommand } from '../../actions/tabCommand';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

const navigateBody = z.strictObject({
  url: z.url({ protocol: /^https?$|^file$/ }),
  waitUntil: z.enum(['load', 'domcontentloaded']).optional(),
  tabId: z.number().int().optional(),
});

const reloadBody = z.strictObject({ tabId: z.number().int().optional() });

/** A body checked by `schema`; the first problem becomes a 400 that names the field and shows a good body. */
function parsed<T extends z.ZodType>(schema: T, body: unknown, example: string): z.output<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? 'body');
  throw new ApiError('INVALID_PARAMETER', `Invalid '${parameter}': ${issue.message}. Send ${example}.`, {
    parameter,
  });
}

/** The page's own navigation for people (VS Code's Reload Page and Open URL…): the tab the connector targets. */
export function navigationRoutes(services: ConnectorServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/navigate',
      handle: ({ body }) => {
        const { url, waitUntil, tabId } = parsed(navigateBody, body, '{"url": "http://localhost:5173/"}');
        return tabCommand(services, 'navigate', { url, waitUntil: waitUntil ?? 'load', tabId });
      },
    },
    {
      method: 'POST',
      path: '/reload',
      handle: ({ body }) => {
        const { tabId } = parsed(reloadBody, body, '{} or {"tabId": 12}');
        return tabCommand(services, 'history', { action: 'reload', tabId });
      },
    },
  ];
}
