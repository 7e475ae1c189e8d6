import { WebSocket } from 'ws';
import type { ServerFrame } from '../../shared/wireFrames';
import type { ConnectorServices } from '../services';

/** Entries per replay chunk; the event loop runs between chunks. */
const CHUNK_ENTRIES = 200;
/** A chunk is sent only once the socket's backlog is under this. */
const LOW_WATER_BYTES = 1024 * 1024;
/** A reader that takes in nothing for this long is closed; it reconnects with `?since=` and misses nothing. */
const STALL_MS = 30_000;
const POLL_MS = 20;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the socket has sent most of what it holds. False when the socket closed, or stayed
 * stalled past STALL_MS (then it is closed with 1013).
 */
async function drained(socket: WebSocket): Promise<boolean> {
  let waited = 0;
  let last = socket.bufferedAmount;
  while (socket.readyState === WebSocket.OPEN && socket.bufferedAmount > LOW_WATER_BYTES) {
    await sleep(POLL_MS);
    if (socket.bufferedAmount < last) waited = 0;
    else waited += POLL_MS;
    last = socket.bufferedAmount;
    if (waited >= STALL_MS) {
      socket.close(1013, 'client too slow: reconnect to /ws?since=<last seq>');
      return false;
    }
  }
  return socket.readyState === WebSocket.OPEN;
}

/**
 * Replays stored entries with seq greater than `since` to one live client, in chunks that wait for
 * the socket to drain and yield to the event loop, until it has caught up with the store (entries
 * stored meanwhile are part of the replay: the hub holds live ones back from this socket until then).
 * Then traces, Web Vitals and `replay-complete`.
 */
export async function replayTo(
  socket: WebSocket,
  services: Pick<ConnectorServices, 'store' | 'performance' | 'webVitals' | 'networkMocks'>,
  since: number,
  caughtUp: () => void,
): Promise<void> {
  const send = (frame: ServerFrame) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  };
  let after = since;
  for (;;) {
    if (!(await drained(socket))) return;
    const page = services.store.pageAfter(after, CHUNK_ENTRIES);
    if (!page.length) {
      caughtUp(); // in the same turn as the last empty page: no live entry slips between
      break;
    }
    for (const entry of page) send(entry as ServerFrame);
    after = page[page.length - 1]!.seq;
    await tick();
  }
  // Traces and Web Vitals live beside the store: a subscriber gets them with every replay.
  for (const record of services.performance.records) send(record);
  send({
    type: 'web-vitals-snapshot',
    pageLoads: services.webVitals.list(Number.MAX_SAFE_INTEGER).pageLoads,
    timestamp: Date.now(),
  });
  send({ type: 'network-mocks', mocks: services.networkMocks.known, timestamp: Date.now() });
  send({ type: 'replay-complete', lastSeq: services.store.lastSeq, timestamp: Date.now() });
}
