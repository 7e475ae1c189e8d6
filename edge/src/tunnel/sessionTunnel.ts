import { DurableObject } from 'cloudflare:workers';
import { nowSeconds, randomToken } from '../base/crypto';
import type { Capture } from '../data/captureRow';
import { addUsage, recordError } from '../data/usage';
import type { CommandReply, SessionTunnelObject } from '../base/durableObjects';
import type { RemoteCommandName } from '../../../src/shared/remote/commandGuard';
import type { Env } from '../base/env';
import { WebhookDispatcher } from '../webhooks/dispatch';
import { CaptureLedger, type SessionMeta } from './captureLedger';
import {
  clientFrameSchema,
  connectorFrameSchema,
  type ClientFrame,
  type ConnectorFrame,
} from '../../../src/shared/remote/tunnelFrames';
import { describeIssue, typeOf, validateEvents, type SocketInfo } from './frames';
import { CommandRouter } from './commandRouter';
import { SseHub } from './sseHub';
import type { StoredCapture } from './types';

/** Frames past this size are refused with an error frame (the socket stays open). */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
export const PROTOCOL_VERSION = 1;

/**
 * One object per session: the meeting point of its connector end and its client ends.
 * Sockets use the hibernation API, so an idle session costs nothing; everything a socket needs
 * after waking is in its attachment or in storage. Captures get a per-session seq here (one
 * writer, so it is gap-free and ordered), are written to D1 in order, and fan out to clients.
 */
export class SessionTunnel extends DurableObject<Env> implements SessionTunnelObject {
  private meta: SessionMeta | undefined;
  private readonly ledger: CaptureLedger;
  private readonly sse = new SseHub();
  private readonly commands = new CommandRouter({
    connector: () => this.connector(),
    byTag: (tag) => this.ctx.getWebSockets(tag)[0],
    send: (ws, frame) => this.send(ws, frame),
  });
  private readonly webhooks: WebhookDispatcher;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.webhooks = new WebhookDispatcher(env);
    this.ledger = new CaptureLedger(ctx, env, () => this.meta);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    void ctx.blockConcurrencyWhile(async () => {
      this.meta = await ctx.storage.get<SessionMeta>('meta');
      await this.ledger.load();
    });
  }

  /** Set once per instance that journals, so rows caught by a crash reach D1 even if no one calls again. */
  override async alarm(): Promise<void> {
    await this.ledger.alarm();
  }

  async ping(): Promise<'pong'> {
    return 'pong';
  }

  /** The worker has authenticated the caller and put who it is in these headers. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const info = JSON.parse(request.headers.get('X-Tunnel-Caller') ?? '{}') as Omit<
      SocketInfo,
      'tag' | 'connectedAt'
    > & { sessionId: string };
    await this.remember({ sessionId: info.sessionId, accountId: info.accountId });
    if (url.pathname === '/sse') {
      const after = url.searchParams.get('after');
      // No id: live from now. An id past the end (another session's, say) cannot be resumed either.
      return this.openSse(after === null ? this.ledger.lastSeq : Math.min(Number(after), this.ledger.lastSeq));
    }
    return this.openSocket(request, info, Number(url.searchParams.get('since') ?? -1));
  }

  private async remember(meta: SessionMeta): Promise<void> {
    if (this.meta?.sessionId === meta.sessionId) return;
    this.meta = meta;
    await this.ctx.storage.put('meta', meta);
  }

  private openSocket(request: Request, info: Omit<SocketInfo, 'tag' | 'connectedAt'>, since: number): Response {
    const { 0: client, 1: server } = new WebSocketPair();
    const socket: SocketInfo = { ...info, tag: `c-${randomToken(9)}`, connectedAt: Date.now() };
    if (socket.role === 'connector') {
      for (const old of this.ctx.getWebSockets('connector'))
        old.close(4000, 'Replaced by a newer connector connection');
      this.ctx.acceptWebSocket(server, ['connector']);
    } else {
      this.ctx.acceptWebSocket(server, ['client', socket.tag]);
    }
    server.serializeAttachment(socket);
    this.send(server, {
      type: 'connection-established',
      sessionId: this.meta!.sessionId,
      role: socket.role,
      protocolVersion: PROTOCOL_VERSION,
      lastSeq: this.ledger.lastSeq,
      connectorConnected: this.connector() !== undefined,
      timestamp: Date.now(),
    });
    if (socket.role === 'connector') this.connectorChanged(true);
    else if (since >= 0) void this.replayTo(server, since);
    const offered = (request.headers.get('Sec-WebSocket-Protocol') ?? '').split(',').map((p) => p.trim());
    const headers = offered.includes('browser-debug') ? { 'Sec-WebSocket-Protocol': 'browser-debug' } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  private openSse(after: number): Response {
    const hello = {
      sessionId: this.meta!.sessionId,
      lastSeq: this.ledger.lastSeq,
      resumedAfter: after,
      connectorConnected: this.connector() !== undefined,
    };
    return this.sse.open(after, (from) => this.ledger.storedAfter(from), hello);
  }

  private async replayTo(ws: WebSocket, since: number): Promise<void> {
    const captures = await this.ledger.storedAfter(since);
    for (const capture of captures) this.send(ws, capture);
    this.send(ws, { type: 'replay-complete', lastSeq: captures.at(-1)?.seq ?? since, timestamp: Date.now() });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const info = ws.deserializeAttachment() as SocketInfo;
    const size = typeof message === 'string' ? message.length : message.byteLength;
    if (typeof message !== 'string')
      return this.refuse(ws, 'INVALID_FRAME', 'Frames are JSON text; binary frames are not accepted.');
    if (size > MAX_FRAME_BYTES)
      return this.refuse(
        ws,
        'FRAME_TOO_LARGE',
        `Frames are limited to ${MAX_FRAME_BYTES} bytes; split captures into smaller batches.`,
      );
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      return this.refuse(ws, 'INVALID_FRAME', 'The frame is not valid JSON.');
    }
    if (info.role === 'connector') return this.fromConnector(ws, info, json, size);
    return this.fromClient(ws, info, json);
  }

  private async fromConnector(ws: WebSocket, info: SocketInfo, json: unknown, size: number): Promise<void> {
    const parsed = connectorFrameSchema.safeParse(json);
    if (!parsed.success)
      return this.refuse(ws, 'INVALID_FRAME', describeIssue(parsed.error), { frameType: typeOf(json) });
    const frame: ConnectorFrame = parsed.data;
    switch (frame.type) {
      case 'hello':
        return this.saveHello(frame);
      case 'heartbeat':
        return this.send(ws, { type: 'heartbeat', timestamp: Date.now() });
      case 'reply':
        return this.commands.reply(frame);
      case 'batch':
        return this.ingestBatch(ws, info, frame.events, frame.batchSeq, size);
      default:
        return this.ingestBatch(ws, info, [frame], undefined, size);
    }
  }

  /** Each event of a batch is checked on its own, so one bad event costs only itself. */
  private async ingestBatch(
    ws: WebSocket,
    info: SocketInfo,
    events: unknown[],
    batchSeq: number | undefined,
    size: number,
  ): Promise<void> {
    if (this.ledger.isDuplicate(batchSeq)) {
      await this.ledger.idle();
      return this.send(ws, { type: 'ack', batchSeq, stored: 0, duplicate: true, timestamp: Date.now() });
    }
    const { good, rejected } = validateEvents(events);
    if (rejected.length)
      this.send(ws, {
        type: 'error',
        code: 'INVALID_EVENTS',
        message: `${rejected.length} of ${events.length} events were invalid and not stored.`,
        details: { rejected: rejected.slice(0, 20), batchSeq },
        timestamp: Date.now(),
      });
    try {
      await this.store(info, good, size);
      if (batchSeq !== undefined) this.send(ws, { type: 'ack', batchSeq, stored: good.length, timestamp: Date.now() });
    } catch (error) {
      await recordError(this.env, error, { where: 'tunnel ingest', sessionId: this.meta?.sessionId, batchSeq });
      // Not acked: reopen so the connector resends every unacked batch, this one included.
      if (batchSeq !== undefined) await this.ledger.forget(batchSeq);
      this.send(ws, {
        type: 'error',
        code: 'STORE_FAILED',
        message: 'The batch could not be stored; reconnect and send it again.',
        details: { batchSeq },
        timestamp: Date.now(),
      });
      ws.close(1011, 'store failed; reconnect and resend unacknowledged batches');
    }
  }

  private async store(info: SocketInfo, captures: Capture[], size: number): Promise<void> {
    const stored = await this.ledger.store(info, captures, size, (all) => {
      for (const capture of all) this.fanOut(capture);
    });
    if (!stored.length) return;
    const sessionId = this.meta!.sessionId;
    await this.webhooks
      .dispatch(info.accountId, sessionId, stored)
      .catch((error) => recordError(this.env, error, { where: 'webhook dispatch', sessionId, level: 'warn' }));
  }

  private fanOut(capture: StoredCapture): void {
    const frame = JSON.stringify(capture);
    for (const client of this.ctx.getWebSockets('client')) this.sendRaw(client, frame);
    this.sse.broadcast(capture);
  }

  private async saveHello(frame: Extract<ConnectorFrame, { type: 'hello' }>): Promise<void> {
    await this.ledger.hello(frame.instanceId);
    const metadata = {
      client: frame.client,
      version: frame.version,
      protocolVersion: frame.protocolVersion,
      ...frame.metadata,
    };
    await this.env.DB.prepare('UPDATE sessions SET capabilities = ?, metadata = ?, last_activity = ? WHERE id = ?')
      .bind(JSON.stringify(frame.capabilities ?? []), JSON.stringify(metadata), nowSeconds(), this.meta!.sessionId)
      .run();
  }

  private fromClient(ws: WebSocket, info: SocketInfo, json: unknown): void | Promise<void> {
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success)
      return this.refuse(ws, 'INVALID_FRAME', describeIssue(parsed.error), { frameType: typeOf(json) });
    const frame: ClientFrame = parsed.data;
    if (frame.type === 'heartbeat') return this.send(ws, { type: 'heartbeat', timestamp: Date.now() });
    if (frame.type === 'subscribe') return this.replayTo(ws, frame.since ?? 0);
    this.commands.fromClient(ws, info, frame);
  }

  /** A command over HTTP (RPC from the worker): sent down the tunnel, answered with the reply. */
  async command(name: RemoteCommandName, args: Record<string, unknown>, timeoutMs: number): Promise<CommandReply> {
    return this.commands.viaHttp(name, args, timeoutMs);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
    const info = ws.deserializeAttachment() as SocketInfo;
    if (info.role !== 'connector' || this.connector(ws)) return;
    this.connectorChanged(false);
    this.commands.connectorGone();
    const uptime = ((Date.now() - info.connectedAt) / 86_400_000) * 100;
    await addUsage(this.env, info.callerId, info.accountId, { uptime }).catch(() => undefined);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011, 'error');
  }

  /** The open connector end, ignoring one that is closing. */
  private connector(closing?: WebSocket): WebSocket | undefined {
    return this.ctx.getWebSockets('connector').find((ws) => ws !== closing && ws.readyState === WebSocket.OPEN);
  }

  private connectorChanged(connected: boolean): void {
    const notice = { type: 'connector-status', connected, timestamp: Date.now() };
    for (const client of this.ctx.getWebSockets('client')) this.send(client, notice);
    this.sse.notice('connector-status', notice);
    const session = this.meta!.sessionId;
    this.ctx.waitUntil(
      this.env.DB.prepare('UPDATE sessions SET connector_online = ?, last_activity = ? WHERE id = ?')
        .bind(connected ? 1 : 0, nowSeconds(), session)
        .run(),
    );
  }

  private refuse(ws: WebSocket, code: string, message: string, details: Record<string, unknown> = {}): void {
    this.send(ws, { type: 'error', code, message, details, timestamp: Date.now() });
  }

  private send(ws: WebSocket, frame: unknown): void {
    this.sendRaw(ws, JSON.stringify(frame));
  }

  private sendRaw(ws: WebSocket, text: string): void {
    try {
      ws.send(text);
    } catch {
      // The socket is closing; its close handler tidies up.
    }
  }
}
