import { batchFrame, CaptureQueue, type Capture } from './captureQueue';
import type { ClientKeys } from './clientKeys';
import { originMatcher } from './originFilter';
import { RemoteAuthError, TokenSource } from './tokenSource';

/** The subset of the WebSocket API used here; browser WebSocket and the `ws` package both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type RemoteState = 'stopped' | 'connecting' | 'online' | 'offline' | 'unauthorized';

export interface RemoteStatus {
  state: RemoteState;
  /** Captures waiting or sent but not yet acknowledged. */
  queued: number;
  /** Captures dropped because the queue was full while offline. */
  dropped: number;
  lastError?: string;
}

export interface RemoteLinkOptions {
  /** https://… of the edge deployment. */
  url: string;
  sessionId: string;
  keys: ClientKeys;
  /** Needed only the first time, to enrol `keys`. */
  apiKey?: string;
  /** Origins whose captures may leave the machine (see originMatcher). Empty: nothing is shared. */
  origins: readonly string[];
  /** Carries out a command from a remote client (screenshot, …) and answers its result. */
  onCommand?: (name: string, args: Record<string, unknown>) => Promise<unknown>;
  /** Called when the state changes or acks arrive; the queue grows between calls without one (read `status()`). */
  onStatus?: (status: RemoteStatus) => void;
  /** Opens the socket; the default uses the global WebSocket with the token as a subprotocol. */
  openSocket?: (url: string, token: string) => WebSocketLike;
  fetch?: typeof fetch;
  /** What the `hello` frame calls this end: the connector, or the browser extension in full remote mode. */
  client?: string;
  version?: string;
  maxQueue?: number;
  flushMs?: number;
}

const OPEN = 1;
const HEARTBEAT_MS = 20_000;

function defaultSocket(url: string, token: string): WebSocketLike {
  return new WebSocket(url, ['browser-debug', `bearer.${token}`]) as unknown as WebSocketLike;
}

/**
 * Hybrid mode, connector side: forwards captures of the chosen origins up the session tunnel,
 * batched, queued while offline and resent until acknowledged, and runs commands that come down.
 */
export class RemoteLink {
  private readonly queue: CaptureQueue;
  private readonly allowed: (pageUrl: string | undefined) => boolean;
  private readonly tokens: TokenSource;
  private socket: WebSocketLike | undefined;
  private state: RemoteState = 'stopped';
  private lastError: string | undefined;
  private timers: ReturnType<typeof setInterval>[] = [];
  private retryMs = 1000;
  private opened = false;
  private flushScheduled = false;
  private reconnect: ReturnType<typeof setTimeout> | undefined;
  private readonly instanceId = crypto.randomUUID();

  constructor(private readonly options: RemoteLinkOptions) {
    this.queue = new CaptureQueue(options.maxQueue);
    this.allowed = originMatcher(options.origins);
    this.tokens = new TokenSource(options.url.replace(/\/+$/, ''), options.keys, options.apiKey, options.fetch);
  }

  /**
   * Offer a capture; it is kept only if its page is an allowed origin. Pass `pageUrl` whenever it
   * is known: a network request's own `url` is the resource, not the page that made it.
   */
  forward(capture: Capture, pageUrl?: string): boolean {
    const page = pageUrl ?? (typeof capture.url === 'string' ? capture.url : undefined);
    if (!this.allowed(page)) return false;
    this.queue.push(capture);
    this.flushSoon();
    return true;
  }

  /** After the current task, so one tick's captures share a batch; the interval is the safety net. */
  private flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setTimeout(() => {
      this.flushScheduled = false;
      this.flush();
    }, 0);
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.timers.push(setInterval(() => this.flush(), this.options.flushMs ?? 100));
    this.timers.push(setInterval(() => this.send({ type: 'heartbeat', timestamp: Date.now() }), HEARTBEAT_MS));
    void this.connect();
  }

  stop(): void {
    this.timers.forEach(clearInterval);
    this.timers = [];
    if (this.reconnect) clearTimeout(this.reconnect);
    this.setState('stopped');
    this.socket?.close(1000, 'stopped');
    this.socket = undefined;
  }

  status(): RemoteStatus {
    return { state: this.state, queued: this.queue.size, dropped: this.queue.dropped, lastError: this.lastError };
  }

  private async connect(): Promise<void> {
    if (this.state === 'stopped' && this.timers.length === 0) return;
    this.setState('connecting');
    let token: string;
    try {
      token = await this.tokens.get();
    } catch (error) {
      if (this.timers.length === 0) return; // stopped while the token was on its way
      this.lastError = error instanceof Error ? error.message : String(error);
      const refused = error instanceof RemoteAuthError && (error.status === 401 || error.status === 403);
      return this.retryLater(refused ? 'unauthorized' : 'offline');
    }
    if (this.timers.length === 0) return;
    const base = this.options.url.replace(/^http/, 'ws').replace(/\/+$/, '');
    const open = this.options.openSocket ?? defaultSocket;
    const socket = open(`${base}/tunnel/${encodeURIComponent(this.options.sessionId)}?role=connector`, token);
    this.socket = socket;
    this.opened = false;
    socket.onmessage = (event) => this.onFrame(String(event.data));
    socket.onclose = (event) => this.onClose(socket, event.code, event.reason);
    socket.onerror = () => undefined;
  }

  private onFrame(text: string): void {
    let frame: {
      type?: string;
      batchSeq?: number;
      id?: string;
      name?: string;
      args?: Record<string, unknown>;
      message?: string;
    };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (frame.type === 'connection-established') this.onOpen();
    else if (frame.type === 'ack' && frame.batchSeq !== undefined) this.queue.ack(frame.batchSeq);
    else if (frame.type === 'command' && frame.id && frame.name)
      void this.runCommand(frame.id, frame.name, frame.args ?? {});
    else if (frame.type === 'error') this.lastError = frame.message;
    this.report();
  }

  /** A fresh connection first resends what was never acknowledged, then carries on. */
  private onOpen(): void {
    this.retryMs = 1000;
    this.opened = true;
    this.setState('online');
    this.send({
      type: 'hello',
      protocolVersion: 1,
      client: this.options.client ?? 'browser-debug-connector',
      version: this.options.version,
      instanceId: this.instanceId,
      capabilities: this.options.onCommand ? ['commands'] : [],
    });
    for (const batch of this.queue.resend()) this.sendText(batchFrame(batch));
    this.flush();
  }

  private flush(): void {
    while (this.state === 'online' && this.socket?.readyState === OPEN) {
      const batch = this.queue.take();
      if (!batch) return;
      this.sendText(batchFrame(batch));
    }
  }

  private async runCommand(id: string, name: string, args: Record<string, unknown>): Promise<void> {
    if (!this.options.onCommand)
      return this.send({
        type: 'reply',
        id,
        error: { code: 'NOT_SUPPORTED', message: `This connector does not run commands (${name}).` },
      });
    try {
      this.send({ type: 'reply', id, result: await this.options.onCommand(name, args) });
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'COMMAND_FAILED';
      this.send({
        type: 'reply',
        id,
        error: { code, message: error instanceof Error ? error.message : String(error) },
      });
    }
  }

  private onClose(socket: WebSocketLike, code: number, reason: string): void {
    if (socket !== this.socket || this.state === 'stopped') return;
    this.socket = undefined;
    this.lastError = `closed ${code}${reason ? `: ${reason}` : ''}`;
    // Refused before the tunnel opened: the token may be revoked or expired, so get a new one.
    if (!this.opened) this.tokens.reset();
    this.retryLater('offline');
  }

  /** Backoff from 1 s to 30 s; an edge that refused our credentials is retried slowly too. */
  private retryLater(state: RemoteState): void {
    this.setState(state);
    this.reconnect = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  private send(frame: Record<string, unknown>): void {
    this.sendText(JSON.stringify(frame));
  }

  private sendText(text: string): void {
    if (this.socket?.readyState === OPEN) this.socket.send(text);
  }

  private setState(state: RemoteState): void {
    this.state = state;
    this.report();
  }

  private report(): void {
    this.options.onStatus?.(this.status());
  }
}
