import type { StoredCapture } from './types';

const encoder = new TextEncoder();
const KEEP_ALIVE_MS = 25_000;

/** One SSE frame. `id` is the capture's seq, so a reconnecting EventSource resumes with Last-Event-ID. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

interface Follower {
  writer: WritableStreamDefaultWriter<Uint8Array>;
  /** Live captures that arrived while the replay was being read; sent after it, without repeats. */
  pending: StoredCapture[] | null;
  lastSeq: number;
}

/**
 * The SSE followers of one session. A follower is registered before its replay is read, so a
 * capture stored meanwhile is either in the replay or in `pending`, never lost.
 */
export class SseHub {
  private followers = new Set<Follower>();
  private timer: ReturnType<typeof setInterval> | undefined;

  open(afterSeq: number, replay: (after: number) => Promise<StoredCapture[]>, hello: unknown): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const follower: Follower = { writer: writable.getWriter(), pending: [], lastSeq: afterSeq };
    this.followers.add(follower);
    this.keepAlive();
    void this.start(follower, replay, hello);
    return new Response(readable, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      },
    });
  }

  private async start(
    follower: Follower,
    replay: (after: number) => Promise<StoredCapture[]>,
    hello: unknown,
  ): Promise<void> {
    await this.write(follower, `retry: 2000\n\n${sseFrame('connection-established', hello)}`);
    try {
      for (const capture of await replay(follower.lastSeq)) await this.send(follower, capture);
    } catch {
      await this.write(
        follower,
        sseFrame('error', { code: 'REPLAY_FAILED', message: 'Could not read stored captures; reconnect to retry.' }),
      );
    }
    // Queued without awaiting, so no live capture can overtake one still pending.
    const pending = follower.pending ?? [];
    follower.pending = null;
    for (const capture of pending) void this.send(follower, capture);
  }

  private async send(follower: Follower, capture: StoredCapture): Promise<void> {
    if (capture.seq <= follower.lastSeq) return;
    follower.lastSeq = capture.seq;
    await this.write(follower, sseFrame(String(capture.type), capture, capture.seq));
  }

  broadcast(capture: StoredCapture): void {
    for (const follower of this.followers) {
      if (follower.pending) follower.pending.push(capture);
      else void this.send(follower, capture);
    }
  }

  notice(event: string, data: unknown): void {
    for (const follower of this.followers) void this.write(follower, sseFrame(event, data));
  }

  get size(): number {
    return this.followers.size;
  }

  /** A write fails once the reader has gone; that is how a departed follower is noticed. */
  private async write(follower: Follower, text: string): Promise<void> {
    try {
      await follower.writer.write(encoder.encode(text));
    } catch {
      this.followers.delete(follower);
      if (this.followers.size === 0) this.stopKeepAlive();
    }
  }

  private keepAlive(): void {
    this.timer ??= setInterval(() => {
      for (const follower of this.followers) void this.write(follower, ': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
  }

  private stopKeepAlive(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
