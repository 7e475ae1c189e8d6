/**
 * Where a heap snapshot's time goes, on one tab and one heap: our client (HeapSession + HeapTransfers, as
 * find_leaks runs it) against a bare WebSocket client that only counts the chunks' bytes (no JSON parse,
 * no file), with and without permessage-deflate. The bare client is the floor Chrome itself sets.
 */
import { join } from 'node:path';
import WebSocket from 'ws';
import { openDevtools } from '../src/connector/leaks/browserDevtools';
import { HeapSession } from '../src/connector/leaks/heapSession';
import { HeapTransfers } from '../src/connector/leaks/heapTransfers';

export interface SnapshotTiming {
  bytes: number;
  /** takeHeapSnapshot → first chunk: V8 building its graph. */
  firstChunkMs: number;
  /** First chunk → last chunk (bare) or file closed (ours). */
  transferMs: number;
  /** takeHeapSnapshot → done. */
  wholeMs: number;
}

/** The page target whose URL starts with `url`, from the endpoint's /json/list. */
export async function pageTarget(endpoint: string, url: string): Promise<string> {
  const list = (await (await fetch(`${endpoint}/json/list`)).json()) as { id: string; type: string; url: string }[];
  const page = list.find((target) => target.type === 'page' && target.url.startsWith(url));
  if (!page) throw new Error(`no page at ${url}`);
  return page.id;
}

/** A bare CDP client: attach, GC (not timed), then a snapshot whose chunks are counted, never parsed. */
export async function bareSnapshot(endpoint: string, targetId: string, deflate: boolean): Promise<SnapshotTiming> {
  const version = (await (await fetch(`${endpoint}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl, { perMessageDeflate: deflate, maxPayload: 2 ** 30 });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (result: { sessionId?: string }) => void>();
  let id = 0;
  let bytes = 0;
  let firstAt = 0;
  let lastAt = 0;
  socket.on('message', (data: Buffer) => {
    // A reply is short; a chunk is counted by its frame's size (its envelope is ~100 bytes of a megabyte).
    if (data.length > 4096 || data.includes('addHeapSnapshotChunk')) {
      lastAt = performance.now();
      firstAt ||= lastAt;
      bytes += data.length;
      return;
    }
    const reply = JSON.parse(data.toString()) as { id?: number; result?: { sessionId?: string } };
    if (reply.id) waiting.get(reply.id)?.(reply.result ?? {});
  });
  const send = (method: string, params: object = {}, sessionId?: string) =>
    new Promise<{ sessionId?: string }>((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  try {
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    await send('HeapProfiler.enable', {}, sessionId);
    await send('HeapProfiler.collectGarbage', {}, sessionId);
    const takenAt = performance.now();
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false }, sessionId);
    const doneAt = performance.now();
    await send('Target.detachFromTarget', { sessionId });
    return { bytes, firstChunkMs: firstAt - takenAt, transferMs: lastAt - firstAt, wholeMs: doneAt - takenAt };
  } finally {
    socket.close();
  }
}

/** Our client as find_leaks runs it: the DevTools socket, HeapSession, chunks into a 0600 file. */
export async function ourSnapshot(endpoint: string, targetId: string, dir: string): Promise<SnapshotTiming> {
  const heap = await HeapSession.attach(await openDevtools({ endpoint }), targetId);
  try {
    const taken = await heap.snapshot(new HeapTransfers(), join(dir, `probe-${Date.now()}.heapsnapshot`), 2 ** 30);
    const gcMs = taken.snapshotMs - taken.firstChunkMs - taken.transferMs;
    return { ...taken, wholeMs: taken.snapshotMs - gcMs };
  } finally {
    heap.close();
  }
}
