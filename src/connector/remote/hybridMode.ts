import WebSocket from 'ws';
import { RemoteLink, type Capture, type RemoteStatus, type WebSocketLike } from '../../shared/remote';
import type { StoredEntry } from '../../shared/protocol';
import type { RemoteReport } from '../../shared/remoteStatus';
import { VERSION } from '../../shared/version';
import type { CoreServices } from '../coreServices';
import { PageUrls } from './pageUrls';
import { remoteCommandRunner } from './remoteCommands';
import type { RemoteConfig } from './remoteConfig';
import { loadRemoteIdentity } from './remoteIdentity';

/** What hybrid mode uses of the connector. */
type Needs = Pick<CoreServices, 'config' | 'logger' | 'store' | 'bridge' | 'screenshots'>;

type Listener = (report: RemoteReport | undefined) => void;

/** Queue counts change with every capture: listeners hear state changes at once, counts at most this often. */
const REPORT_INTERVAL_MS = 1000;

const nodeSocket = (url: string, token: string) =>
  new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } }) as unknown as WebSocketLike;

/**
 * Hybrid mode in the connector: while a remote URL is set, every capture from a shared origin also
 * goes up the edge tunnel (batched, queued while offline), and commands from remote clients run here.
 */
export class HybridMode {
  private link: RemoteLink | undefined;
  private config: RemoteConfig | undefined;
  private identity: { sessionId: string; clientId: string } | undefined;
  private failure: string | undefined;
  private forwarded = 0;
  private detach: (() => void) | undefined;
  private readonly listeners = new Set<Listener>();
  private lastState: string | undefined;
  private pending: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;

  constructor(private readonly services: Needs) {}

  /** Starts, restarts with new settings, or (undefined) stops hybrid mode. */
  async configure(config: RemoteConfig | undefined): Promise<void> {
    const generation = ++this.generation;
    this.shutdown();
    this.config = config;
    if (!config) return this.emit(true);
    this.emit(true);
    let identity;
    try {
      identity = await loadRemoteIdentity(config.identityFile);
    } catch (error) {
      if (generation !== this.generation) return;
      this.failure = (error as Error).message;
      this.services.logger.error(`Hybrid mode is off: ${this.failure}`);
      return this.emit(true);
    }
    if (generation !== this.generation) return;
    const sessionId = config.sessionId ?? identity.sessionId;
    this.identity = { sessionId, clientId: identity.keys.clientId };
    this.link = new RemoteLink({
      url: config.url,
      sessionId,
      keys: identity.keys,
      apiKey: config.apiKey,
      origins: config.origins,
      openSocket: nodeSocket,
      version: VERSION,
      onCommand: remoteCommandRunner(this.services, config.commands, config.origins),
      onStatus: () => this.emit(false),
    });
    this.detach = this.forwardFrom(this.link);
    this.link.start();
    this.services.logger.info(
      `Hybrid mode: sharing ${config.origins.join(', ') || 'no origins yet'} with ${config.url}, session ${sessionId}.`,
    );
  }

  status(): RemoteReport | undefined {
    if (!this.config) return undefined;
    const link: RemoteStatus = this.link?.status() ?? { state: 'stopped', queued: 0, dropped: 0 };
    const lastError = this.failure ?? link.lastError;
    return {
      ...link,
      state: this.failure ? 'failed' : link.state,
      ...(lastError ? { lastError } : {}),
      url: this.config.url,
      sessionId: this.identity?.sessionId,
      clientId: this.identity?.clientId,
      origins: this.config.origins,
      forwarded: this.forwarded,
    };
  }

  onStatus(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.generation++;
    this.shutdown();
    this.config = undefined;
    this.emit(true);
  }

  private forwardFrom(link: RemoteLink): () => void {
    const pages = new PageUrls();
    // Pages loaded before hybrid mode started (or was reconfigured) are known too.
    for (const entry of this.services.store.query(['pageLoads'], () => true, 1000).entries) pages.pageOf(entry);
    return this.services.store.onEntry((entry) => {
      const page = pages.pageOf(entry);
      // A screenshot entry is a local file (remote clients ask with the screenshot command), and a
      // capture whose page is unknown is not known to be shared. The edge keeps no Web Vitals or
      // WebSocket frames (yet): its schema would refuse them.
      if (entry.type === 'screenshot' || entry.type === 'web-vitals' || entry.type === 'websocket' || !page) return;
      if (link.forward(toCapture(entry), page)) {
        this.forwarded++;
        this.reportSoon();
      }
    });
  }

  private shutdown(): void {
    this.detach?.();
    this.detach = undefined;
    this.link?.stop();
    this.link = undefined;
    this.identity = undefined;
    this.failure = undefined;
    this.forwarded = 0;
  }

  private emit(force: boolean): void {
    const report = this.status();
    if (force || report?.state !== this.lastState) {
      this.lastState = report?.state;
      clearTimeout(this.pending);
      this.pending = undefined;
      for (const listener of this.listeners) listener(report);
      return;
    }
    this.reportSoon();
  }

  /** Counts only: one report within a second, however many captures arrive meanwhile. */
  private reportSoon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      const report = this.status();
      for (const listener of this.listeners) listener(report);
    }, REPORT_INTERVAL_MS);
    this.pending.unref?.();
  }
}

/** The edge numbers captures itself; the local id and seq would only confuse readers. */
function toCapture(entry: Exclude<StoredEntry, { type: 'screenshot' }>): Capture {
  const { id: _id, seq: _seq, ...capture } = entry;
  return capture as Capture;
}
