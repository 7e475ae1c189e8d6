/**
 * Passive WebSocket capture: what the page hook records of each page socket (no debugger), shared by
 * the browser extension, the connector and its clients. The zod schema is in ./websocketSchema.
 */

/** Text kept of a text frame (characters). */
export const WS_TEXT_HEAD = 1024;
/** Bytes of a binary frame shown as hex. */
export const WS_HEX_HEAD = 32;
/** Frames captured per connection; later ones are counted, not captured. */
export const WS_FRAMES_PER_CONNECTION = 1000;
/** Frames captured per page load, all connections together. */
export const WS_FRAMES_PER_PAGE = 5000;

export const WS_EVENTS = ['open', 'frame', 'close', 'error', 'capped'] as const;
export type WebSocketEventKind = (typeof WS_EVENTS)[number];

/** One thing that happened on a page WebSocket. `url` is the page; `socketUrl` the socket's. */
export interface WebSocketEvent {
  type: 'websocket';
  event: WebSocketEventKind;
  connectionId: string;
  socketUrl: string;
  direction?: 'sent' | 'received';
  /** 1 text, 2 binary (RFC 6455 opcodes). */
  opcode?: number;
  /** Payload bytes. */
  size?: number;
  /** The first WS_TEXT_HEAD characters of a text frame. */
  text?: string;
  /** The first WS_HEX_HEAD bytes of a binary frame, as hex. */
  hex?: string;
  code?: number;
  reason?: string;
  /** On `close` and `capped`: frames of this connection not captured because of the caps. */
  dropped?: number;
  timestamp: number;
  url?: string;
  tabId?: number;
  pageLoadId?: string;
}
