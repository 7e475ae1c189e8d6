import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ActionLog } from './actions/actionLog';
import { SelectedTab } from './actions/selectedTab';
import { AgentBook } from './agents/agentBook';
import { dirname, join } from 'node:path';
import { AuditService } from './audit/auditService';
import { BrowserBridge } from './wire/browserBridge';
import { findAnyBrowser } from './browsers/browserFinder';
import { resolveConfig, type ConfigOverrides, type ConnectorConfig } from './config/config';
import { createApp, type AppExtras } from './http/app';
import { probeIdentity } from './startup/identityProbe';
import { silentLogger, type Logger } from './logging/logger';
import { NetworkMockService } from './networkMocks/networkMockService';
import { mockCommand } from './networkMocks/mockCommand';
import { PerformanceService } from './performance/traceService';
import { WebVitalsBook } from './performance/webVitals';
import { replayServices } from './evidence/replayServices';
import { attachJournal } from './journal/journal';
import { HybridMode } from './remote/hybridMode';
import { ScreenshotService } from './screenshots/screenshotService';
import { EntryLocator } from './sourceMaps/entryLocator';
import { SourceMapper } from './sourceMaps/sourceMapper';
import type { ConnectorServices } from './services';
import { CaptureStore } from './capture/store';
import { isLoopbackBind, type AccessPolicy } from './trust/access';
import { OUR_EXTENSION_ID } from './trust/extensionIds';
import { vetRoots } from './trust/fileRoots';
import { tightenFolder } from './trust/privateFiles';
import { SCREENSHOT_NAMES } from './screenshots/screenshotFolder';
import { exportsFolder, HAR_NAMES } from './har/harExport';
import { lanToken, lanWarning, type LanToken } from './trust/lanToken';
import { PairingBook } from './trust/pairingBook';
import { userSecret } from './trust/userSecret';
import { WsHub } from './wire/wsHub';

/** Our own connector already answers on the port: attach to it instead of starting a second, empty one. */
export class AlreadyRunningError extends Error {
  constructor(
    readonly port: number,
    readonly identity: Record<string, unknown>,
  ) {
    super(`A Browser Debug connector (version ${String(identity.version)}) is already running on port ${port}.`);
    this.name = 'AlreadyRunningError';
  }
}

export interface StartOptions extends AppExtras {
  logger?: Logger;
  /**
   * The capture journal: replayed into the store before the port opens, then written before every
   * ack (see attachJournal). Without it, captures live in memory only.
   */
  journalFile?: string;
}

/** The standalone connector: store, HTTP API and WebSocket hub on one loopback port. */
export class Connector {
  readonly services: ConnectorServices;
  /** Ports we skipped because another program held them, and what that program did when asked. */
  readonly heldPorts: { port: number; holder: string }[] = [];
  private readonly server: Server;
  private readonly hub: WsHub;
  private listeningPort = 0;
  private readonly forwardedHosts = new Set<string>();
  /** The token non-loopback callers need, when bound beyond loopback. */
  readonly lan: LanToken | undefined;
  private stopping: Promise<void> | undefined;
  private stopJournal: (() => void) | undefined;

  private constructor(
    readonly config: ConnectorConfig,
    logger: Logger,
    extras: AppExtras,
  ) {
    const store = new CaptureStore(config.limits, { headers: config.redactHeaders, fullBodies: config.fullBodies });
    const bridge = new BrowserBridge();
    const sourceMaps = new SourceMapper({ logger, fileRoots: () => config.filesRoots });
    const webVitals = new WebVitalsBook();
    const audits = new AuditService({ config: config.audits, bridge, logger, findChrome: () => findAnyBrowser() });
    const replays = replayServices({
      config,
      bridge,
      store,
      logger,
      sourceMaps,
      audits,
      port: () => this.listeningPort,
    });
    store.onEntry((entry) => webVitals.observe(entry));
    store.onCleared(() => webVitals.clear());
    const core: Omit<ConnectorServices, 'remote'> = {
      config,
      logger,
      store,
      bridge,
      screenshots: new ScreenshotService(config.screenshots, bridge, store, logger),
      audits,
      sourceMaps,
      locator: new EntryLocator(sourceMaps),
      actionLog: new ActionLog(),
      selectedTab: new SelectedTab(),
      agents: new AgentBook(config.shareTabsWithAgents),
      performance: new PerformanceService({
        bridge,
        logger,
        sourceMaps,
        dir: join(dirname(config.audits.reportDir), 'traces'),
        commandTimeoutMs: config.commandTimeoutMs,
      }),
      webVitals,
      ...replays,
      networkMocks: new NetworkMockService(
        mockCommand(() => this.services),
        store,
        logger,
        config.networkMocks,
      ),
      pairings: new PairingBook(config.pairingsFile, () => this.listeningPort),
      startedAt: Date.now(),
      port: () => this.listeningPort,
      connections: () => this.hub.connectionCount,
      invalidFrames: () => this.hub.invalidFrames,
    };
    const services: ConnectorServices = { ...core, remote: new HybridMode(core) };
    this.services = services;
    // Beyond loopback, every caller from another machine needs the token (SECURITY.md).
    this.lan = isLoopbackBind(config.host) ? undefined : lanToken(config.token, config.tokenFile);
    const policy: AccessPolicy = {
      port: () => this.listeningPort,
      allowedOrigins: config.allowedOrigins,
      extensionIds: [OUR_EXTENSION_ID, ...config.extensionIds],
      forwardedHosts: () => this.forwardedHosts,
      token: this.lan?.token,
      callers: { secret: userSecret(config.secretFile), secretFile: config.secretFile, pairings: services.pairings },
    };
    this.server = createServer(createApp(services, policy, extras));
    this.server.keepAliveTimeout = 5_000;
    this.server.on('clientError', answerClientError);
    this.hub = new WsHub(services, policy);
    this.hub.attach(this.server);
  }

  static async start(overrides: ConfigOverrides = {}, options: StartOptions = {}): Promise<Connector> {
    const connector = new Connector(resolveConfig(overrides), options.logger ?? silentLogger, options);
    connector.tightenFolders();
    if (options.journalFile) connector.openJournal(options.journalFile);
    try {
      await connector.listen();
    } catch (error) {
      connector.stopJournal?.();
      throw error;
    }
    for (const refused of vetRoots(connector.config.filesRoots).refused)
      connector.services.logger.warn(`File root refused: ${refused}.`);
    if (connector.lan)
      for (const line of lanWarning(connector.url, connector.lan, connector.config.filesRoots))
        connector.services.logger.warn(line);
    if (connector.config.remote) await connector.services.remote.configure(connector.config.remote);
    return connector;
  }

  /** Captured data an earlier version left readable by others becomes the user's alone (trust/privateFiles). */
  private tightenFolders(): void {
    const { config } = this;
    const folders: [string, RegExp?][] = [
      [config.screenshots.dir, SCREENSHOT_NAMES],
      [exportsFolder(config), HAR_NAMES],
      [config.recordings.dir],
      [config.audits.reportDir],
      [join(dirname(config.audits.reportDir), 'traces')],
    ];
    for (const [dir, ours] of folders)
      try {
        tightenFolder(dir, ours);
      } catch (error) {
        this.services.logger.warn(`Could not make ${dir} private: ${(error as Error).message}`);
      }
  }

  /** A journal that cannot be opened (a read-only folder) costs durability, not the connector. */
  private openJournal(file: string): void {
    try {
      this.stopJournal = attachJournal(this.services.store, file, this.services.logger, this.config.journal);
    } catch (error) {
      this.services.logger.warn(
        `Could not open the capture journal ${file} (${(error as Error).message}): captures are kept in memory only.`,
      );
    }
  }

  /** Ports we skipped because another program held them. */
  get skippedPorts(): number[] {
    return this.heldPorts.map((held) => held.port);
  }

  /** e.g. ` (port 3025 is held by another program: it closed the connection at once)`, or '' when nothing was skipped. */
  movedNote(): string {
    if (!this.heldPorts.length) return '';
    return ` (${this.heldPorts.map(({ port, holder }) => `port ${port} is held by another program: ${holder}`).join('; ')})`;
  }

  /**
   * Admits requests whose Host is `authority` (`host[:port]`): the address a remote window's editor
   * forwarded this port to, whose proxy passes the Host through (trust/access rule 2).
   */
  allowForwardedHost(authority: string): void {
    this.forwardedHosts.add(authority.toLowerCase());
  }

  get port(): number {
    return this.listeningPort;
  }

  get url(): string {
    return `http://${this.config.host.includes(':') ? `[${this.config.host}]` : this.config.host}:${this.listeningPort}`;
  }

  /** Sends `server-shutdown` to every peer, then releases the port. Safe to call twice. */
  stop(reason = 'connector stopping'): Promise<void> {
    if (this.stopping) return this.stopping;
    this.stopJournal?.();
    this.stopJournal = undefined;
    const closed = new Promise<void>((resolve) => {
      this.services.remote.stop();
      this.services.networkMocks.stop();
      this.services.bridge.rejectAll('The connector is shutting down.');
      this.hub.close(reason);
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
      setTimeout(() => {
        this.hub.terminate();
        this.server.closeAllConnections();
      }, 500).unref();
    });
    this.stopping = Promise.all([closed, this.services.audits.dispose().catch(() => undefined)]).then(() => undefined);
    return this.stopping;
  }

  private async listen(): Promise<void> {
    const { host, port: first, maxPort } = this.config;
    const last = first === 0 ? 0 : Math.max(first, maxPort);
    for (let port = first; port <= last; port++) {
      const error = await this.tryListen(host, port);
      if (!error) {
        this.listeningPort = (this.server.address() as AddressInfo).port;
        return;
      }
      if (error.code !== 'EADDRINUSE') throw error;
      const probe = await probeIdentity(host, port);
      if (probe.ours) throw new AlreadyRunningError(port, probe.identity ?? {});
      this.heldPorts.push({ port, holder: probe.holder });
      this.services.logger.warn(`Port ${port} is held by another program (${probe.holder}); trying ${port + 1}.`);
    }
    throw new Error(`No free port from ${first} to ${last}: free one, or set another port (BROWSER_DEBUG_PORT).`);
  }

  private tryListen(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
    return new Promise((resolve) => {
      const onError = (error: NodeJS.ErrnoException) => {
        this.server.off('listening', onListening);
        resolve(error);
      };
      const onListening = () => {
        this.server.off('error', onError);
        resolve(undefined);
      };
      this.server.once('error', onError);
      this.server.once('listening', onListening);
      this.server.listen(port, host);
    });
  }
}

/**
 * A request Node's parser refuses (headers over 16 KB, a broken request line) still gets an error in
 * the API's envelope, not an empty answer.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({
    error: {
      code: tooLarge ? 'PAYLOAD_TOO_LARGE' : 'INVALID_REQUEST',
      message: tooLarge
        ? 'The request line and headers are over 16 KB: send long values in a JSON body instead.'
        : `The request is not valid HTTP (${error.code ?? 'parse error'}).`,
    },
    timestamp: Date.now(),
  });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
