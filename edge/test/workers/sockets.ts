import { expect } from 'vitest';
import { BASE, freshIp } from './helpers';

/** A WebSocket end with a queue of received frames to await in order. */
export class TestSocket {
  readonly frames: any[] = [];
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | undefined;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener('message', (event) => {
      this.frames.push(JSON.parse(String(event.data)));
      this.wake();
    });
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (not yet taken) matching `match`, waiting up to `timeoutMs`. */
  async next(match: (frame: any) => boolean = () => true, timeoutMs = 5000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(match);
      if (index >= 0) return this.frames.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching frame within ${timeoutMs} ms; have ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 3000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (!this.closed) throw new Error('socket did not close');
    return this.closed;
  }

  ofType(type: string, timeoutMs?: number) {
    return this.next((frame) => frame.type === type, timeoutMs);
  }

  close(): void {
    try {
      this.ws.close(1000, 'done');
    } catch {
      // already closed
    }
  }
}

export async function openTunnel(
  sessionId: string,
  headers: Record<string, string>,
  query = '',
): Promise<{ res: Response; socket?: TestSocket }> {
  const { SELF } = await import('cloudflare:test');
  const res = await SELF.fetch(`${BASE}/tunnel/${sessionId}${query}`, {
    headers: { Upgrade: 'websocket', 'CF-Connecting-IP': freshIp(), ...headers },
  });
  return { res, socket: res.webSocket ? new TestSocket(res.webSocket) : undefined };
}

export async function connect(sessionId: string, headers: Record<string, string>, query = ''): Promise<TestSocket> {
  const { res, socket } = await openTunnel(sessionId, headers, query);
  expect(res.status, await (res.status === 101 ? '' : res.text())).toBe(101);
  await socket!.ofType('connection-established');
  return socket!;
}

/** A session of `account` holding `events`, stored through a real connector end. */
export async function seedSession(
  token: string,
  events: unknown[],
  sessionId = `s-${crypto.randomUUID()}`,
): Promise<string> {
  const connector = await connect(sessionId, { Authorization: `Bearer ${token}` }, '?role=connector');
  for (let i = 0; i < events.length; i += 500) {
    connector.send({ type: 'batch', batchSeq: i + 1, events: events.slice(i, i + 500) });
    await connector.next((frame) => frame.type === 'ack' && frame.batchSeq === i + 1);
  }
  connector.close();
  return sessionId;
}
