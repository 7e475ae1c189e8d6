/**
 * Passive WebSocket capture in the page's MAIN world: every socket the page opens is watched (open,
 * frames both ways, close, errors) without a debugger. Each frame keeps a size and a short head of
 * its payload, never a copy: a buffer's in the call, a Blob's asynchronously, a long text's when its batch
 * goes; past the caps, frames are only counted. Text frames no longer than the head, in a row on one socket,
 * travel whole as one run (SocketFrameRun): the page's call builds no object for them, the batch takes them
 * as they are, and the worker counts their sizes.
 */
import {
  WS_FRAMES_PER_CONNECTION,
  WS_FRAMES_PER_PAGE,
  WS_HEX_HEAD,
  WS_TEXT_HEAD,
  utf8Length,
  type WebSocketEvent,
} from '../../../../src/shared/websockets';
import type { PageCapture, SocketFrameRun } from '../../common/messages';
import { knownUrl, pageUrl } from '../documentUrls';

/** The page hook's batch, as the socket hook uses it. */
export interface CaptureSink {
  post(capture: WebSocketEvent | SocketFrameRun): void;
  /** The captures waiting: a run grows only while it is the last of them (nothing was captured after it). */
  readonly pending: readonly PageCapture[];
  /** The last capture waiting took one more frame. */
  grew(): void;
}
type Payload = string | ArrayBufferLike | Blob | ArrayBufferView;

let pageFrames = 0;
let sockets = 0;

interface Watched {
  id: string;
  /** The socket's URL, cut to what the schema keeps (signed socket URLs can be long). */
  url: string;
  frames: number;
  dropped: number;
  /** The run this socket's last text frame went into: the next one joins it while it is last in the batch. */
  run?: SocketFrameRun;
  /** Set while a Blob's head is read: the socket's later events wait for it, so they stay in order. */
  queue?: Promise<void>;
}

function hexOf(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length && i < WS_HEX_HEAD; i++) hex += (bytes[i]! < 16 ? '0' : '') + bytes[i]!.toString(16);
  return hex;
}

/**
 * A binary frame's opcode, size and head. Only the head is taken (cut before any copy: the page may reuse its
 * buffer once send() returns); a Blob's head is read later, off the page's call, so it comes back as a promise.
 */
function describeBinary(capture: WebSocketEvent, data: Exclude<Payload, string>): Promise<string> | undefined {
  capture.opcode = 2;
  if (data instanceof Blob) {
    capture.size = data.size;
    return data
      .slice(0, WS_HEX_HEAD)
      .arrayBuffer()
      .then((buffer) => hexOf(new Uint8Array(buffer)));
  }
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, Math.min(data.byteLength, WS_HEX_HEAD))
    : new Uint8Array(data, 0, Math.min(data.byteLength, WS_HEX_HEAD));
  capture.size = data.byteLength;
  capture.hex = hexOf(bytes);
  return undefined;
}

/**
 * Completes a text frame's capture when its batch goes: the page's call kept only the string (strings do not
 * change, and a head cut in the call would keep the whole string alive until then anyway), and its size and head
 * are taken here, in the batch's loop, where the code is warm, rather than in each of the page's calls.
 */
export function finishFrame(capture: WebSocketEvent): void {
  const text = capture.text;
  if (capture.size !== undefined || text === undefined) return;
  capture.size = utf8Length(text);
  if (text.length > WS_TEXT_HEAD) capture.text = text.slice(0, WS_TEXT_HEAD);
}

export function watchWebSockets(sink: CaptureSink): void {
  const post = sink.post;
  const Native = window.WebSocket;
  if (typeof Native !== 'function') return;
  const watched = new WeakMap<WebSocket, Watched>();
  const base = (socket: Watched, event: WebSocketEvent['event']): WebSocketEvent => ({
    type: 'websocket',
    event,
    connectionId: socket.id,
    socketUrl: socket.url,
    timestamp: Date.now(),
    url: pageUrl(),
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

  /** Past a cap, frames are only counted; the first one over says so. */
  function capped(socket: Watched): void {
    if (socket.dropped++ === 0)
      emit(socket, {
        ...base(socket, 'capped'),
        reason: `more than ${socket.frames} frames: later ones are only counted`,
      });
  }

  /** A binary frame, or a text frame behind a Blob's head: one event each, in the socket's order. */
  function eventFrame(socket: Watched, direction: 'sent' | 'received', data: Payload): void {
    const capture = base(socket, 'frame');
    capture.direction = direction;
    if (typeof data === 'string') {
      capture.opcode = 1;
      capture.text = data;
      return emit(socket, capture);
    }
    const head = describeBinary(capture, data);
    emit(
      socket,
      head
        ? head.then(
            (hex) => ((capture.hex = hex), capture),
            () => capture,
          )
        : capture,
    );
  }

  /** A text frame that starts its socket's run: the run is posted, and the frames after it join it. */
  function startRun(socket: Watched, direction: 0 | 1, data: string): void {
    socket.run = {
      type: 'websocket-run',
      connectionId: socket.id,
      socketUrl: socket.url,
      timestamp: Date.now(),
      url: pageUrl(),
      frames: [direction, 0, data],
    };
    post(socket.run);
  }

  /**
   * Every frame the socket carries. This runs in each of the page's calls, usually cold, in V8's interpreter
   * (docs/costs.md), so the common case (a text frame joining its socket's run while the run is the batch's
   * last and the page's URL has not changed) is a few reads and one push, and the rest is out of line.
   */
  function frame(socket: Watched, direction: 0 | 1, data: Payload): void {
    if (socket.frames >= WS_FRAMES_PER_CONNECTION || pageFrames >= WS_FRAMES_PER_PAGE) return capped(socket);
    socket.frames++;
    pageFrames++;
    // A text past the kept head goes as its own frame, cut when its batch goes: a run carries whole texts.
    if (typeof data !== 'string' || data.length > WS_TEXT_HEAD || socket.queue !== undefined)
      return eventFrame(socket, direction ? 'received' : 'sent', data);
    const run = socket.run;
    // With no Navigation API the URL is not known between reads, and is read (then it costs a call a frame).
    if (run === undefined || run.url !== (knownUrl ?? pageUrl()) || sink.pending[sink.pending.length - 1] !== run)
      return startRun(socket, direction, data);
    run.frames.push(direction, Date.now() - run.timestamp, data);
    sink.grew();
  }

  function watch(ws: WebSocket): void {
    const socket: Watched = {
      id: `ws-${Date.now().toString(36)}-${++sockets}`,
      // The schema keeps 2,000 characters of a socket's URL.
      url: ws.url.slice(0, 2000),
      frames: 0,
      dropped: 0,
    };
    watched.set(ws, socket);
    ws.addEventListener('open', () => emit(socket, base(socket, 'open')));
    ws.addEventListener('message', (event: MessageEvent) => frame(socket, 1, event.data as Payload));
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
        frame(socket, 0, data);
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
