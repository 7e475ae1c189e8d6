import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { PROTOCOL_VERSION, SERVER_NAME } from '../../shared/identity';
import type { CaptureEvent } from '../../shared/protocol';
import type { ServerFrame } from '../../shared/wireFrames';
import { VERSION } from '../../shared/version';
import { BatchIngest } from '../capture/batchIngest';
import { replayTo } from './clientReplay';
import { streamServiceEvents } from './liveFrames';
import { checkHello, type PeerHello } from './versionCheck';
import { parseClientFrame, parseExtensionFrame, type Reject } from './inboundFrames';
import { checkAccess, refuseUpgrade, type AccessPolicy } from '../trust/access';
import type { ConnectorServices } from '../services';

const CLIENT_FRAME_BYTES = 1024 * 1024;
/** A live client this far behind is closed; it reconnects with `?since=<last seq>` and misses nothing. */
const MAX_CLIENT_BACKLOG = 32 * 1024 * 1024;

interface Peer {
  socket: WebSocket;
  alive: boolean;
  /** A socket replays once; later `subscribe` frames are refused. */
  replayed?: boolean;
  /** While its replay runs, stored entries reach it through the replay, not the live stream. */
  replaying?: boolean;
}

/**
 * The two WebSocket endpoints: `/extension-ws`, where browsers send captures and answer commands,
 * and `/ws`, where live clients follow every stored capture.
 */
export class WsHub {
  private readonly browserServer: WebSocketServer;
  private readonly clientServer: WebSocketServer;
  private readonly browsers = new Map<string, Peer>();
  private readonly clients = new Set<Peer>();
  private invalid = 0;
  private readonly batches: BatchIngest;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly services: ConnectorServices,
    private readonly policy: AccessPolicy,
  ) {
    this.batches = new BatchIngest(services.store);
    this.browserServer = new WebSocketServer({ noServer: true, maxPayload: services.config.maxFrameBytes });
    this.clientServer = new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_BYTES });
    this.browserServer.on('connection', (socket) => this.acceptBrowser(socket));
    this.clientServer.on('connection', (socket, request: IncomingMessage) => this.acceptClient(socket, request));
    this.unsubscribe.push(
      ...streamServiceEvents(services, (frame, stored) => this.broadcast(frame, stored), {
        browser: () => this.browserStatus(),
        remote: () => this.remoteStatus(),
      }),
    );
    this.timer = setInterval(() => this.beat(), services.config.heartbeatMs);
    this.timer.unref();
  }

  get connectionCount(): number {
    return this.browsers.size + this.clients.size;
  }

  get invalidFrames(): number {
    return this.invalid;
  }

  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.upgrade(request, socket, head),
    );
  }

  /** Tells every peer we are going, then closes them. */
  close(reason: string): void {
    clearInterval(this.timer);
    for (const off of this.unsubscribe) off();
    const frame = JSON.stringify({ type: 'server-shutdown', reason, timestamp: Date.now() } satisfies ServerFrame);
    for (const peer of [...this.browsers.values(), ...this.clients]) {
      if (peer.socket.readyState === WebSocket.OPEN) peer.socket.send(frame);
      peer.socket.close(1001, 'server shutdown');
    }
    this.browserServer.close();
    this.clientServer.close();
  }

  /** Ends connections that did not close cleanly, so the port is released. */
  terminate(): void {
    for (const peer of [...this.browsers.values(), ...this.clients]) peer.socket.terminate();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const server = path === '/extension-ws' ? this.browserServer : path === '/ws' ? this.clientServer : undefined;
    const denial = checkAccess(request, this.policy);
    if (denial)
      return refuseUpgrade(socket, denial.status, denial.status === 401 ? 'Unauthorized' : 'Forbidden', denial.reason);
    if (!server)
      return refuseUpgrade(socket, 404, 'Not Found', `No WebSocket endpoint at ${path}: use /extension-ws or /ws.`);
    server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request));
  }

  private acceptBrowser(socket: WebSocket): void {
    const id = randomUUID();
    const peer: Peer = { socket, alive: true };
    let version: string | undefined;
    let instanceId: string | undefined;
    this.browsers.set(id, peer);
    const bridgePeer = {
      id,
      get version() {
        return version;
      },
      send: (frame: ServerFrame) => this.send(socket, frame),
    };
    this.services.bridge.attach(bridgePeer);
    // The bearer this proven browser sends on its HTTP calls (recording steps, screenshots), while the socket lives.
    const session = this.services.pairings.openSession();
    this.greet(socket, session);
    socket.on('pong', () => (peer.alive = true));
    const reject = this.rejecter(socket);
    socket.on('message', (data) => {
      peer.alive = true;
      const frame = parseExtensionFrame(data, reject);
      if (!frame) return;
      switch (frame.type) {
        case 'hello':
          version = frame.version;
          instanceId = frame.instanceId;
          this.checkVersions(socket, frame);
          this.services.bridge.attach(bridgePeer);
          return;
        case 'heartbeat':
          return this.send(socket, { type: 'heartbeat', timestamp: Date.now() });
        case 'screenshot-data':
          this.services.bridge.settleReply(frame.requestId, {
            result: { data: frame.data, preview: frame.preview },
            error: frame.error ? { message: frame.error } : undefined,
          });
          return;
        case 'reply':
          this.services.bridge.settleReply(frame.id, frame);
          return;
        case 'trace-chunk':
          this.services.performance.transfers.accept(frame);
          return;
        case 'video-chunk':
          this.services.evidence.transfers.accept(frame);
          return;
        case 'batch':
          this.services.bridge.touch(id);
          this.ingestBatch(socket, frame, instanceId);
          return;
        default:
          this.services.bridge.touch(id);
          this.services.store.ingest(frame);
      }
    });
    socket.on('close', () => {
      this.services.pairings.endSession(session);
      this.browsers.delete(id);
      this.services.bridge.detach(id);
    });
    socket.on('error', (error) => this.services.logger.warn(`Browser connection error: ${error.message}`));
  }

  private acceptClient(socket: WebSocket, request: IncomingMessage): void {
    const peer: Peer = { socket, alive: true };
    this.clients.add(peer);
    this.greet(socket);
    this.send(socket, this.browserStatus());
    this.send(socket, this.remoteStatus());
    const since = new URL(request.url ?? '/', 'http://localhost').searchParams.get('since');
    if (since !== null && /^\d+$/.test(since)) this.replay(peer, Number(since));
    // The assistant's recent actions, so a dashboard opened later shows what already happened.
    for (const record of this.services.actionLog.recent()) this.send(socket, record);
    socket.on('pong', () => (peer.alive = true));
    const reject = this.rejecter(socket);
    socket.on('message', (data) => {
      peer.alive = true;
      const frame = parseClientFrame(data, reject);
      if (frame?.type === 'subscribe') this.replay(peer, frame.since ?? 0);
      else if (frame?.type === 'heartbeat') this.send(socket, { type: 'heartbeat', timestamp: Date.now() });
    });
    socket.on('close', () => this.clients.delete(peer));
    socket.on('error', (error) => this.services.logger.warn(`Client connection error: ${error.message}`));
  }

  /** Stores a batch once (a re-sent one is not stored again) and acks a numbered one once it is journaled. */
  private ingestBatch(
    socket: WebSocket,
    frame: { events: CaptureEvent[]; batchSeq?: number },
    instanceId: string | undefined,
  ): void {
    const committed = this.batches.ingest(frame, instanceId);
    const batchSeq = frame.batchSeq;
    if (!committed || batchSeq === undefined) return;
    void committed.then(() => this.send(socket, { type: 'ack', batchSeq, timestamp: Date.now() }));
  }

  private checkVersions(socket: WebSocket, hello: PeerHello): void {
    const verdict = checkHello(hello);
    if (verdict && 'refuse' in verdict) this.reject(socket, 'PROTOCOL_MISMATCH', verdict.refuse);
    else if (verdict) {
      this.services.logger.warn(verdict.warn);
      const { warn: message, details } = verdict;
      this.send(socket, { type: 'error', code: 'VERSION_MISMATCH', message, details, timestamp: Date.now() });
    }
  }

  private reject(socket: WebSocket, code: string, message: string, details?: Record<string, unknown>): void {
    this.invalid++;
    this.send(socket, { type: 'error', code, message, details, timestamp: Date.now() });
  }

  private rejecter(socket: WebSocket): Reject {
    return (code, message, details) => this.reject(socket, code, message, details);
  }

  private greet(socket: WebSocket, session?: string): void {
    this.send(socket, {
      type: 'connection-established',
      ...(session ? { session } : {}),
      name: SERVER_NAME,
      version: VERSION,
      protocolVersion: PROTOCOL_VERSION,
      lastSeq: this.services.store.lastSeq,
      timestamp: Date.now(),
    });
  }

  /** One replay per socket, in drained chunks (see replayTo); a second one is refused, the stream goes on. */
  private replay(peer: Peer, since: number): void {
    if (peer.replayed) {
      this.reject(
        peer.socket,
        'ALREADY_REPLAYED',
        'This socket has replayed once already and now gets every new capture live. To replay again, open a new /ws?since=<seq>.',
      );
      return;
    }
    peer.replayed = peer.replaying = true;
    replayTo(peer.socket, this.services, since, () => (peer.replaying = false)).catch((error: Error) =>
      this.services.logger.warn(`Replay to a live client failed: ${error.message}`),
    );
  }

  private browserStatus(): ServerFrame {
    const { bridge } = this.services;
    return {
      type: 'browser-status',
      connected: bridge.connected,
      browsers: bridge.count,
      version: bridge.activeVersion,
      timestamp: Date.now(),
    };
  }

  private remoteStatus(): ServerFrame {
    return { type: 'remote-status', remote: this.services.remote.status() ?? null, timestamp: Date.now() };
  }

  private broadcast(frame: ServerFrame, stored = false): void {
    if (this.clients.size === 0) return;
    const text = JSON.stringify(frame);
    for (const peer of this.clients) {
      if (peer.socket.readyState !== WebSocket.OPEN || (stored && peer.replaying)) continue;
      if (peer.socket.bufferedAmount > MAX_CLIENT_BACKLOG) {
        peer.socket.close(1013, 'client too slow: reconnect to /ws?since=<last seq>');
        continue;
      }
      peer.socket.send(text);
    }
  }

  private send(socket: WebSocket, frame: ServerFrame): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  }

  /** Pings everyone and drops peers that missed the previous ping; browsers also get a heartbeat frame. */
  private beat(): void {
    for (const peer of [...this.browsers.values(), ...this.clients]) {
      if (!peer.alive) {
        peer.socket.terminate();
        continue;
      }
      peer.alive = false;
      peer.socket.ping();
    }
    for (const peer of this.browsers.values()) this.send(peer.socket, { type: 'heartbeat', timestamp: Date.now() });
  }
}
