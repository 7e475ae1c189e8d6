import { PROTOCOL_VERSION } from '../../../src/shared/identity';
import { VERSION } from '../../../src/shared/version';
import { discoverConnector } from './discovery';
import type { Outbox } from './outbox';
import { parseServerFrame, type InboundFrame } from './serverFrames';

/** `off` while remote mode streams to the edge instead: no socket and no discovery. */
export type LinkState = 'searching' | 'connecting' | 'connected' | 'disconnected' | 'off';

const KEEPALIVE_MS = 20_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * The one WebSocket to the connector: discovery, hello, keep-alive (an MV3 worker dies after 30 s idle),
 * reconnect with backoff, and delivery of the outbox with acks.
 */
export class ConnectorLink {
  state: LinkState = 'disconnected';
  port: number | undefined;
  connectorVersion: string | undefined;
  versionWarning: string | undefined;
  /** Called when an open connection to the connector closes (it stopped, or the socket broke). */
  onDisconnected: () => void = () => {};
  private socket: WebSocket | undefined;
  private backoff = 250;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private pumpScheduled = false;
  /** Counts connect attempts, so one overtaken by stop/resume gives up after its discovery. */
  private attempts = 0;

  constructor(
    private readonly outbox: Outbox,
    private readonly fixedPort: () => number | undefined,
    private readonly onCommand: (frame: InboundFrame) => void,
  ) {}

  /** Connects unless already connected, trying, or off. Safe to call often (alarms, settings changes). */
  ensureConnected(): void {
    if (this.state !== 'disconnected') return;
    clearTimeout(this.retryTimer);
    void this.connect();
  }

  /** Drops the current connection and finds the connector again (e.g. the port setting changed). */
  reconnect(): void {
    if (this.state === 'off') return;
    this.socket?.close();
    this.state = 'disconnected';
    this.backoff = 250;
    this.ensureConnected();
  }

  /** Remote mode took over: close the socket and stop looking for a connector until `resume`. */
  stop(): void {
    this.state = 'off';
    this.attempts++;
    clearTimeout(this.retryTimer);
    clearInterval(this.keepAlive);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }

  /** Back from remote mode (or the worker's first start): find the connector. */
  resume(): void {
    if (this.state === 'off') {
      this.state = 'disconnected';
      this.backoff = 250;
    }
    this.ensureConnected();
  }

  /** New captures are waiting: send them after the current task, so one tick's captures share a frame. */
  schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setTimeout(() => {
      this.pumpScheduled = false;
      if (this.state === 'connected') this.outbox.pump(this.sendText);
    }, 0);
  }

  send(frame: object): boolean {
    return this.sendText(JSON.stringify(frame));
  }

  private readonly sendText = (text: string): boolean => {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(text);
    return true;
  };

  private async connect(): Promise<void> {
    this.state = 'searching';
    const attempt = ++this.attempts;
    const found = await discoverConnector(this.fixedPort());
    if (attempt !== this.attempts) return;
    if (!found) return this.retry();
    this.state = 'connecting';
    this.port = found.port;
    this.connectorVersion = found.version;
    const socket = new WebSocket(`ws://${found.host}:${found.port}/extension-ws`);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(String(event.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearInterval(this.keepAlive);
      this.onDisconnected();
      this.retry();
    };
  }

  private retry(): void {
    this.state = 'disconnected';
    this.retryTimer = setTimeout(() => this.ensureConnected(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  private receive(text: string): void {
    const frame = parseServerFrame(text);
    if (!frame) return;
    switch (frame.type) {
      case 'connection-established':
        return this.established(frame);
      case 'ack':
        this.outbox.ack(frame.batchSeq);
        return this.outbox.pump(this.sendText);
      case 'error':
        if (frame.code === 'VERSION_MISMATCH' || frame.code === 'PROTOCOL_MISMATCH')
          this.versionWarning = frame.message;
        return;
      case 'heartbeat':
      case 'server-shutdown':
        return;
      default:
        this.onCommand(frame);
    }
  }

  private established(frame: Extract<InboundFrame, { type: 'connection-established' }>): void {
    this.state = 'connected';
    this.backoff = 250;
    this.connectorVersion = frame.version;
    this.versionWarning =
      this.connectorVersion && this.connectorVersion !== VERSION
        ? `This extension is ${VERSION}, the connector is ${this.connectorVersion}: reload the extension from the new build.`
        : undefined;
    this.send({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      client: 'browser-extension',
      version: VERSION,
      instanceId: this.outbox.instanceId,
      userAgent: navigator.userAgent,
    });
    this.outbox.resend(this.sendText);
    this.outbox.pump(this.sendText);
    clearInterval(this.keepAlive);
    this.keepAlive = setInterval(() => this.send({ type: 'heartbeat', timestamp: Date.now() }), KEEPALIVE_MS);
  }
}
