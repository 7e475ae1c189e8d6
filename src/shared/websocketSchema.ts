/** zod schema of the page hook's WebSocket captures (browser code imports ./websockets, without zod). */
import { z } from 'zod';
import { WS_EVENTS, WS_HEX_HEAD, WS_TEXT_HEAD, type WebSocketEvent } from './websockets';

export const websocketEventSchema = z.object({
  type: z.literal('websocket'),
  event: z.enum(WS_EVENTS),
  connectionId: z.string().max(100),
  socketUrl: z.string().max(2000),
  direction: z.enum(['sent', 'received']).optional(),
  opcode: z.number().int().min(0).max(15).optional(),
  size: z.number().int().nonnegative().optional(),
  text: z.string().max(WS_TEXT_HEAD).optional(),
  hex: z
    .string()
    .max(WS_HEX_HEAD * 2)
    .optional(),
  code: z.number().int().optional(),
  reason: z.string().max(500).optional(),
  dropped: z.number().int().nonnegative().optional(),
  timestamp: z.number().finite().nonnegative(),
  url: z.string().optional(),
  tabId: z.number().int().optional(),
  pageLoadId: z.string().max(200).optional(),
});

/** A compile error when the schema and the plain type drift apart. */
type InStep<A extends B, B> = A;
export type CheckedWebSocketEvent = InStep<z.infer<typeof websocketEventSchema>, WebSocketEvent>;
