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

/** Any character past ASCII (surrogates included). A native regex test, far cheaper than the loop below in a cold page. */
const BEYOND_ASCII = /[\u0080-\uffff]/;

/** UTF-8 bytes of a string, as a socket sends it, counted without encoding (and copying) it. */
export function utf8Length(text: string): number {
  if (!BEYOND_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
      continue;
    }
    // 3 bytes for one unit; a surrogate pair is 4 bytes for two units, and a lone surrogate becomes U+FFFD (3).
    bytes += 2;
    if (code <= 0xdbff && code >= 0xd800) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return bytes;
}

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
