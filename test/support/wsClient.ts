import { WebSocket } from 'ws';
import { callerHeaders } from './callerSecret';

type Frame = Record<string, unknown> & { type: string };

/** A WebSocket peer that records every frame, with waits for the ones a test expects. */
export class TestSocket {
  readonly frames: Frame[] = [];
  private waiters: { match: (frame: Frame) => boolean; resolve: (frame: Frame) => void }[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve((this.closeCode = code))));
  }

  /** Sends the run's caller secret unless `anonymous`; `headers` may replace it. */
  static open(url: string, headers: Record<string, string> = {}, anonymous = false): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers: { ...(anonymous ? {} : callerHeaders()), ...headers } });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (already received or still to come) that matches. */
  next(match: (frame: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no matching frame within ${timeoutMs} ms; got ${this.frames.map((f) => f.type).join(', ')}`),
          ),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  }

  ofType(type: string, timeoutMs?: number): Promise<Frame> {
    return this.next((frame) => frame.type === type, timeoutMs);
  }

  close(): Promise<number> {
    this.ws.close();
    return this.closed;
  }
}
