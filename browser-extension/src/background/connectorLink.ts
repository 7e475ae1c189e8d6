import { PROTOCOL_VERSION } from '../../../src/shared/identity';
import { browserProofQuery, type BrowserProof } from '../../../src/shared/pairing';
import { VERSION } from '../../../src/shared/version';
import { discoverConnectors, type Found, type Where } from './discovery';
import { loadPairing, proveConnector, type Pairing } from './pairing/pairingKey';
import type { Outbox } from './outbox';
import { parseServerFrame, type InboundFrame } from './serverFrames';

/** `off` while remote mode streams to the edge instead: no socket and no discovery. */
export type LinkState = 'searching' | 'connecting' | 'connected' | 'disconnected' | 'off';

/**
 * `absent`: nothing answers on the ports; `none`: no key yet (pair in the popup); `unproven`:
 * listeners answered, none proved our key (a squatter, or a connector from before pairing).
 */
export type PairingState = 'absent' | 'none' | 'unproven' | 'proven';

const KEEPALIVE_MS = 20_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * The one WebSocket to the connector: discovery, hello, keep-alive (an MV3 worker dies after 30 s idle),
 * reconnect with backoff, and delivery of the outbox with acks.
 */
export class ConnectorLink {
  private current: LinkState = 'disconnected';
  /** Called when the state changes (the toolbar badge follows it). */
  onStateChange: (state: LinkState) => void = () => {};
  /** The connected connector's base URL: `http://127.0.0.1:3025`, or the address a remote window forwarded. */
  base: string | undefined;

  /** The local port when connected directly (not through a forwarded address). */
  get port(): number | undefined {
    const local = /^http:\/\/(?:127\.0\.0\.1|localhost):(\d+)$/.exec(this.base ?? '');
    return local ? Number(local[1]) : undefined;
  }

  get state(): LinkState {
    return this.current;
  }

  private set state(next: LinkState) {
    if (next === this.current) return;
    this.current = next;
    this.onStateChange(next);
  }

  connectorVersion: string | undefined;
  versionWarning: string | undefined;
  pairing: PairingState = 'absent';
  /**
   * Set when a connector proved our key over HTTP but its WebSocket closed before it opened: a proxy in
   * between (a remote window's forwarded address) lets HTTP through but not the WebSocket.
   */
  socketRefused: string | undefined;
  /** Whether this browser holds a pairing key at all. */
  hasKey = false;
  /** The bearer for HTTP calls to the connected connector, given on this socket (never the pairing key). */
  session: string | undefined;
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
    private readonly where: () => Where,
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

  /** A POST to the connected connector's HTTP API, with the session bearer it gave this socket. */
  post(path: string, body: unknown): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.session ?? ''}` },
      body: JSON.stringify(body),
    });
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
    const pairing = await loadPairing();
    const candidates = await discoverConnectors(this.where());
    const chosen = pairing && (await firstProven(candidates, pairing));
    if (attempt !== this.attempts) return;
    this.hasKey = Boolean(pairing);
    this.pairing = !candidates.length ? 'absent' : !pairing ? 'none' : chosen ? 'proven' : 'unproven';
    if (!chosen) {
      this.versionWarning = versionWarning(candidates.find((found) => found.version !== VERSION)?.version);
      return this.retry();
    }
    const { found, proof } = chosen;
    this.state = 'connecting';
    this.base = found.base;
    this.connectorVersion = found.version;
    const socket = new WebSocket(`${found.base.replace(/^http/, 'ws')}/extension-ws?${browserProofQuery(proof)}`);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(String(event.data));
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      if (this.state === 'connecting' && this.port === undefined) this.socketRefused = refusedHint(found.base);
      this.socket = undefined;
      this.session = undefined;
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
    this.socketRefused = undefined;
    this.backoff = 250;
    this.session = frame.session;
    this.connectorVersion = frame.version;
    this.state = 'connected';
    this.versionWarning = versionWarning(this.connectorVersion);
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

function versionWarning(connectorVersion: string | undefined): string | undefined {
  return connectorVersion && connectorVersion !== VERSION
    ? `This extension is ${VERSION}, the connector is ${connectorVersion}: reload the extension from the new build.`
    : undefined;
}

function refusedHint(base: string): string {
  return (
    `The connector at ${base} proved this browser's pairing but refused its WebSocket. ` +
    `A proxy in between must allow WebSockets from this extension: for code-server, start it with ` +
    `--trusted-origins ${chrome.runtime.id}.`
  );
}

/** The lowest-port candidate that proves our key; a squatter that only answers `/.identity` is skipped. */
async function firstProven(
  candidates: Found[],
  pairing: Pairing,
): Promise<{ found: Found; proof: BrowserProof } | undefined> {
  for (const found of candidates) {
    const proof = await proveConnector(found.base, pairing);
    if (proof) return { found, proof };
  }
  return undefined;
}
