import { DurableObject } from 'cloudflare:workers';
import { nowSeconds, randomToken } from '../base/crypto';
import type { Capture, CaptureRow } from '../data/captureRow';
import { capturesAfter } from '../data/queries';
import { addUsage, recordError } from '../data/usage';
import type { CommandReply, SessionTunnelObject } from '../base/durableObjects';
import type { Env } from '../base/env';
import { WebhookDispatcher } from '../webhooks/dispatch';
import { buildRows, insertStatements } from './captureWriter';
import {
  clientFrameSchema,
  connectorFrameSchema,
  type ClientFrame,
  type ConnectorFrame,
} from '../../../src/shared/remote/tunnelFrames';
import { describeIssue, typeOf, validateEvents, type SocketInfo } from './frames';
import { CommandRouter } from './commandRouter';
import { FrameJournal } from './frameJournal';
import { SseHub } from './sseHub';
import { WriteQueue } from './writeQueue';
import type { StoredCapture } from './types';

/** Frames past this size are refused with an error frame (the socket stays open). */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
const REPLAY_PAGE = 500;
/** How long after journaling the object checks that nothing is left in its journal. */
const RECOVERY_CHECK_MS = 30_000;
export const PROTOCOL_VERSION = 1;

/** The running connector instance and the highest batch it has had accepted. */
interface InstanceState {
  id: string;
  lastBatchSeq: number;
}

interface SessionMeta {
  sessionId: string;
  accountId: string;
}

/**
 * One object per session: the meeting point of its connector end and its client ends.
 * Sockets use the hibernation API, so an idle session costs nothing; everything a socket needs
 * after waking is in its attachment or in storage. Captures get a per-session seq here (one
 * writer, so it is gap-free and ordered), are written to D1 in order, and fan out to clients.
 */
export class SessionTunnel extends DurableObject<Env> implements SessionTunnelObject {
  private seq = 0;
  private meta: SessionMeta | undefined;
  private instance: InstanceState | undefined;
  private writes: WriteQueue | undefined;
  private readonly journal: FrameJournal;
  private recoveryScheduled = false;
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
    this.journal = new FrameJournal(ctx.storage);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"type":"ping"}', '{"type":"pong"}'));
    void ctx.blockConcurrencyWhile(async () => {
      this.meta = await ctx.storage.get<SessionMeta>('meta');
      this.instance = await ctx.storage.get<InstanceState>('instance');
      this.seq = Math.max((await ctx.storage.get<number>('seq')) ?? 0, await this.storedMaxSeq());
      await this.recoverJournal();
    });
  }

  /** Rows an earlier instance accepted but did not see reach D1: stored before anything else runs. */
  private async recoverJournal(): Promise<void> {
    const recovered = await this.journal.recover((rows) =>
      this.env.DB.batch(insertStatements(this.env.DB, rows, nowSeconds())),
    );
    if (!recovered) await this.ctx.storage.setAlarm(Date.now() + RECOVERY_CHECK_MS);
  }

  /** Set once per instance that journals, so rows caught by a crash reach D1 even if no one calls again. */
  override async alarm(): Promise<void> {
    this.recoveryScheduled = false;
    await this.writes?.idle();
    await this.recoverJournal();
  }

  /** If storage lost the counter, D1 still knows the highest seq used: never reuse one. */
  private async storedMaxSeq(): Promise<number> {
    if (!this.meta) return 0;
    const row = await this.env.DB.prepare('SELECT MAX(seq) AS seq FROM captures WHERE session_id = ?')
      .bind(this.meta.sessionId)
      .first<{ seq: number | null }>();
    return row?.seq ?? 0;
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
      return this.openSse(after === null ? this.seq : Math.min(Number(after), this.seq));
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
      lastSeq: this.seq,
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
      lastSeq: this.seq,
      resumedAfter: after,
      connectorConnected: this.connector() !== undefined,
    };
    return this.sse.open(after, (from) => this.storedAfter(from), hello);
  }

  /** Every capture after `from`, once every earlier write has reached D1. */
  private async storedAfter(from: number): Promise<StoredCapture[]> {
    await this.writes?.idle();
    const all: StoredCapture[] = [];
    for (let after = from; ;) {
      const page = await capturesAfter(this.env, this.meta!.sessionId, after, REPLAY_PAGE);
      all.push(...page);
      if (page.length < REPLAY_PAGE) return all;
      after = page[page.length - 1]!.seq;
    }
  }

  private async replayTo(ws: WebSocket, since: number): Promise<void> {
    const captures = await this.storedAfter(since);
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
    if (this.isDuplicate(batchSeq)) {
      await this.writes?.idle();
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
      await this.ingest(info, good, size);
      if (batchSeq !== undefined) this.send(ws, { type: 'ack', batchSeq, stored: good.length, timestamp: Date.now() });
    } catch (error) {
      await recordError(this.env, error, { where: 'tunnel ingest', sessionId: this.meta?.sessionId, batchSeq });
      // Not acked: reopen so the connector resends every unacked batch, this one included.
      if (batchSeq !== undefined && this.instance)
        await this.saveInstance({ ...this.instance, lastBatchSeq: Math.min(this.instance.lastBatchSeq, batchSeq - 1) });
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

  /**
   * Seqs are assigned before any await, so captures keep their order whatever arrives meanwhile. The
   * rows go to the journal (with the counters that accepted them) before D1 and before the ack.
   */
  private async ingest(info: SocketInfo, captures: Capture[], size: number): Promise<void> {
    // An ack promises that everything sent before it is stored, even for an empty batch.
    if (!captures.length) {
      if (this.instance) await this.ctx.storage.put('instance', this.instance);
      return this.writes?.idle();
    }
    const sessionId = this.meta!.sessionId;
    const first = this.seq + 1;
    this.seq += captures.length;
    const rows = buildRows(this.meta!, first, captures);
    const journaled = await this.journal.record(rows, {
      seq: this.seq,
      ...(this.instance ? { instance: this.instance } : {}),
    });
    if (!this.recoveryScheduled) {
      this.recoveryScheduled = true;
      await this.ctx.storage.setAlarm(Date.now() + RECOVERY_CHECK_MS);
    }
    const stored = rows.map((row) => ({
      ...(JSON.parse(row.data) as Capture),
      id: `${sessionId}:${row.seq}`,
      seq: row.seq,
      sessionId,
    }));
    for (const capture of stored) this.fanOut(capture);
    // One connector end per session, so its caller pays for every write of this queue.
    this.writes ??= new WriteQueue((all, bytes) => this.write(all, info, bytes));
    try {
      await this.writes.enqueue(rows, size);
    } finally {
      // Stored, or given up on (the connector re-sends it): either way no longer the journal's.
      await this.journal.settle(journaled);
    }
    await this.webhooks
      .dispatch(info.accountId, sessionId, stored)
      .catch((error) => recordError(this.env, error, { where: 'webhook dispatch', sessionId, level: 'warn' }));
  }

  private async write(rows: CaptureRow[], info: SocketInfo, size: number): Promise<void> {
    const now = nowSeconds();
    const touch = this.env.DB.prepare('UPDATE sessions SET last_activity = ? WHERE id = ?').bind(
      now,
      this.meta!.sessionId,
    );
    await this.env.DB.batch([...insertStatements(this.env.DB, rows, now), touch]);
    await addUsage(this.env, info.callerId, info.accountId, { bytes: size });
  }

  private fanOut(capture: StoredCapture): void {
    const frame = JSON.stringify(capture);
    for (const client of this.ctx.getWebSockets('client')) this.sendRaw(client, frame);
    this.sse.broadcast(capture);
  }

  private async saveHello(frame: Extract<ConnectorFrame, { type: 'hello' }>): Promise<void> {
    if (frame.instanceId && frame.instanceId !== this.instance?.id)
      await this.saveInstance({ id: frame.instanceId, lastBatchSeq: 0 });
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

  private async saveInstance(instance: InstanceState): Promise<void> {
    this.instance = instance;
    await this.ctx.storage.put('instance', instance);
  }

  /**
   * A batch re-sent after a lost ack is acked again without storing it twice. Batches count as
   * accepted when they arrive, so a resend racing the original's write is caught as well; the
   * acceptance is stored only together with the batch's rows (in the journal).
   */
  private isDuplicate(batchSeq: number | undefined): boolean {
    if (batchSeq === undefined || !this.instance) return false;
    if (batchSeq <= this.instance.lastBatchSeq) return true;
    this.instance = { ...this.instance, lastBatchSeq: batchSeq };
    return false;
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
  async command(name: string, args: Record<string, unknown>, timeoutMs: number): Promise<CommandReply> {
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
