import WebSocket from 'ws';

/** A tunnel end that resolves once the edge greets it. */
export function openSocket(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}

export interface LoadOptions {
  /** http://… of the edge. */
  url: string;
  token: string;
  clients: number;
  seconds: number;
  /** Captures the connector sends per second. */
  perSecond: number;
}

export interface LoadResult {
  connectMs: number;
  sent: number;
  /** Clients that got every capture, in order. */
  complete: number;
  /** Clients still connected at the end. */
  open: number;
  delivered: number;
}

/**
 * The spec's maximum: `clients` followers on one session, held for `seconds` while the connector
 * sends captures; afterwards every follower should have every capture, in order.
 */
export async function runTunnelLoad(options: LoadOptions): Promise<LoadResult> {
  const sessionId = `load-${Date.now()}`;
  const base = `${options.url.replace('http', 'ws')}/tunnel/${sessionId}`;
  const connector = await openSocket(`${base}?role=connector`, options.token);
  const followers: { ws: WebSocket; lastSeq: number; outOfOrder: number }[] = [];
  const opening = Date.now();
  for (let i = 0; i < options.clients; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, options.clients - i) }, () => openSocket(base, options.token)),
    );
    for (const ws of batch) {
      const follower = { ws, lastSeq: 0, outOfOrder: 0 };
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (typeof frame.seq !== 'number') return;
        if (frame.seq !== follower.lastSeq + 1) follower.outOfOrder += 1;
        follower.lastSeq = frame.seq;
      });
      followers.push(follower);
    }
  }
  const connectMs = Date.now() - opening;
  let sent = 0;
  let batchSeq = 0;
  const started = Date.now();
  // One batch a second on a fixed schedule: timers that run late on a loaded machine do not cost batches.
  for (let second = 0; second < options.seconds; second++) {
    const events = Array.from({ length: options.perSecond }, () => ({
      type: 'console-log',
      level: 'info',
      message: `load ${sent++}`,
      timestamp: Date.now(),
    }));
    connector.send(JSON.stringify({ type: 'batch', batchSeq: ++batchSeq, events }));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (second + 1) * 1000 - Date.now())));
  }
  const deadline = Date.now() + 30_000;
  while (followers.some((f) => f.lastSeq < sent) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  const result: LoadResult = {
    connectMs,
    sent,
    complete: followers.filter((f) => f.lastSeq === sent && f.outOfOrder === 0).length,
    open: followers.filter((f) => f.ws.readyState === WebSocket.OPEN).length,
    delivered: followers.reduce((sum, f) => sum + f.lastSeq, 0),
  };
  for (const f of followers) f.ws.close();
  connector.close();
  return result;
}
