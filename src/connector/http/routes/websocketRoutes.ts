import { invalidParameter } from '../../../shared/errors';
import type { ConnectorServices } from '../../services';
import { queryFrames } from '../../websocketFrames/frameQuery';
import { parseLimit } from '../params';
import { defaultLimit, type Route } from '../route';

const DIRECTIONS = ['sent', 'received'] as const;

function optional(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The page WebSockets' opens, frames and closes, filtered by socket URL, direction, text or connection. */
export function websocketRoutes({ store }: ConnectorServices): Route[] {
  return [
    {
      method: 'GET',
      path: '/websocket-frames',
      handle: ({ query, variant }) => {
        const direction = optional(query, 'direction');
        if (direction !== undefined && !DIRECTIONS.includes(direction as never))
          throw invalidParameter('direction', direction, DIRECTIONS);
        const { entries, matched, total } = queryFrames(store, {
          url: optional(query, 'url'),
          direction: direction as (typeof DIRECTIONS)[number] | undefined,
          text: optional(query, 'search'),
          connectionId: optional(query, 'connection'),
          limit: parseLimit(query, defaultLimit(variant)),
        });
        return {
          frames: entries,
          count: entries.length,
          total,
          filtered: matched,
          truncated: matched > entries.length,
        };
      },
    },
  ];
}
