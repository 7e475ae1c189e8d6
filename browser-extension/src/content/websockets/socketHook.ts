/**
 * Passive WebSocket capture in the page's MAIN world: every socket the page opens is watched (open,
 * frames both ways, close, errors) without a debugger. Each frame costs a size and a short head of
 * its payload; past the caps, frames are only counted.
 */
import {
  WS_FRAMES_PER_CONNECTION,
  WS_FRAMES_PER_PAGE,
  WS_HEX_HEAD,
  WS_TEXT_HEAD,
  type WebSocketEvent,
} from '../../../../src/shared/websockets';

type Post = (capture: WebSocketEvent) => void;
type Payload = string | ArrayBufferLike | Blob | ArrayBufferView;

const encoder = new TextEncoder();
let pageFrames = 0;
let sockets = 0;

interface Watched {
  id: string;
  url: string;
  frames: number;
  dropped: number;
  /** Set while a Blob's head is read: the socket's later events wait for it, so they stay in order. */
  queue?: Promise<void>;
}

function hexOf(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes.subarray(0, WS_HEX_HEAD)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Size and head of a payload; a Blob's head is read later, so it arrives as a promise. */
function describePayload(data: Payload): {
  opcode: number;
  size: number;
  text?: string;
  hex?: string | Promise<string>;
} {
  if (typeof data === 'string')
    return { opcode: 1, size: encoder.encode(data).length, text: data.slice(0, WS_TEXT_HEAD) };
  if (data instanceof Blob)
    return {
      opcode: 2,
      size: data.size,
      hex: data
        .slice(0, WS_HEX_HEAD)
        .arrayBuffer()
        .then((buffer) => hexOf(new Uint8Array(buffer))),
    };
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
  return { opcode: 2, size: bytes.byteLength, hex: hexOf(bytes) };
}

export function watchWebSockets(post: Post): void {
  const Native = window.WebSocket;
  if (typeof Native !== 'function') return;
  const watched = new WeakMap<WebSocket, Watched>();
  const base = (socket: Watched, event: WebSocketEvent['event']): WebSocketEvent => ({
    type: 'websocket',
    event,
    connectionId: socket.id,
    // Signed socket URLs can be long: the schema keeps 2,000 characters.
    socketUrl: socket.url.slice(0, 2000),
    timestamp: Date.now(),
    url: location.href,
  });

  /** Posts a socket's event in the order it happened. */
  function emit(socket: Watched, capture: WebSocketEvent | Promise<WebSocketEvent>): void {
    if (!socket.queue && !(capture instanceof Promise)) return post(capture);
    const queue = (socket.queue ?? Promise.resolve()).then(() => capture).then(post);
    socket.queue = queue;
    void queue.then(() => {
      if (socket.queue === queue) socket.queue = undefined;
    });
  }

  function frame(socket: Watched, direction: 'sent' | 'received', data: Payload): void {
    if (socket.frames >= WS_FRAMES_PER_CONNECTION || pageFrames >= WS_FRAMES_PER_PAGE) {
      if (socket.dropped++ === 0)
        emit(socket, {
          ...base(socket, 'capped'),
          reason: `more than ${socket.frames} frames: later ones are only counted`,
        });
      return;
    }
    socket.frames++;
    pageFrames++;
    const { hex, ...payload } = describePayload(data);
    const capture: WebSocketEvent = { ...base(socket, 'frame'), direction, ...payload };
    if (typeof hex === 'string') capture.hex = hex;
    emit(
      socket,
      hex instanceof Promise
        ? hex.then(
            (head) => ({ ...capture, hex: head }),
            () => capture,
          )
        : capture,
    );
  }

  function watch(ws: WebSocket): void {
    const socket: Watched = { id: `ws-${Date.now().toString(36)}-${++sockets}`, url: ws.url, frames: 0, dropped: 0 };
    watched.set(ws, socket);
    ws.addEventListener('open', () => emit(socket, base(socket, 'open')));
    ws.addEventListener('message', (event: MessageEvent) => frame(socket, 'received', event.data as Payload));
    ws.addEventListener('error', () => emit(socket, { ...base(socket, 'error'), reason: 'the connection failed' }));
    ws.addEventListener('close', (event: CloseEvent) =>
      emit(socket, {
        ...base(socket, 'close'),
        code: event.code,
        reason: event.reason.slice(0, 500),
        ...(socket.dropped ? { dropped: socket.dropped } : {}),
      }),
    );
  }

  const send = Native.prototype.send;
  Native.prototype.send = function (this: WebSocket, data: Payload) {
    const socket = watched.get(this);
    // Only frames the socket will carry: send() on a socket still connecting throws.
    if (socket && this.readyState === Native.OPEN) {
      try {
        frame(socket, 'sent', data);
      } catch {
        // Capture must never break the page's send.
      }
    }
    return send.call(this, data as never);
  };
  window.WebSocket = new Proxy(Native, {
    construct(target, args, newTarget) {
      const ws = Reflect.construct(target, args, newTarget) as WebSocket;
      try {
        watch(ws);
      } catch {
        // A socket we cannot watch still works.
      }
      return ws;
    },
  });
}
