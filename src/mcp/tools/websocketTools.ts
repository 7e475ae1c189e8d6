import { z } from 'zod';
import type { StoredWebSocketEvent } from '../../shared/protocol';
import { queryFrames } from '../../connector/websocketFrames/frameQuery';
import { renderList } from '../format/list';
import { bytes, clock, oneLine } from '../format/text';
import { defineTool } from '../tool';
import { agentScope, scopeParam } from './agentScope';

const HEAD_CHARS = 120;

function line(event: StoredWebSocketEvent): string {
  const at = `#${event.id} ${clock(event.timestamp)} ${event.connectionId}`;
  if (event.event !== 'frame') {
    const code = event.code !== undefined ? ` ${event.code}` : '';
    const reason = event.reason ? ` ${oneLine(event.reason)}` : '';
    const dropped = event.dropped ? ` (${event.dropped} frames not captured)` : '';
    return `${at} ${event.event}${code}${reason}${dropped} ${event.socketUrl}`;
  }
  const arrow = event.direction === 'sent' ? '↑ sent' : '↓ received';
  const head =
    event.text !== undefined ? ` "${oneLine(event.text).slice(0, HEAD_CHARS)}"` : event.hex ? ` hex ${event.hex}` : '';
  return `${at} ${arrow} ${event.opcode === 2 ? 'binary' : 'text'} ${bytes(event.size ?? 0)}${head}`;
}

const getWebsocketFrames = defineTool({
  name: 'get_websocket_frames',
  title: 'WebSocket frames',
  description: 'WebSocket opens, frames (direction, size, text head), closes.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({
    url: z.string().max(500).optional().describe('URL contains'),
    direction: z.enum(['sent', 'received']).optional().describe('Frames only'),
    text: z.string().max(500).optional().describe('Text contains'),
    limit: z.number().int().min(1).max(500).default(50).describe('Max'),
    scope: scopeParam,
  }),
  handler: (args, { services, budget, agent }) => {
    const tabs = agentScope(agent, args.scope);
    const result = queryFrames(services.store, { ...args, covers: tabs.covers });
    const filters = [
      args.url && `socket URL contains "${args.url}"`,
      args.direction,
      args.text && `text contains "${args.text}"`,
      tabs.filter,
    ];
    return renderList({
      title: 'WebSocket',
      noun: ['WebSocket event', 'WebSocket events'],
      entries: result.entries,
      matchedBefore: result.matched,
      matched: result.matched,
      stored: result.total,
      filters: filters.filter(Boolean).join(', '),
      line,
      seq: (event) => event.seq,
      timestamp: (event) => event.timestamp,
      narrow: 'narrow with url, direction or text',
      detail: 'GET /websocket-frames for the full records',
      budget,
    });
  },
});

export const websocketTools = [getWebsocketFrames];
