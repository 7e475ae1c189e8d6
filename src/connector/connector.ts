import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuditService } from './audit/auditService';
import { BrowserBridge } from './browserBridge';
import { findChrome } from './chromeFinder';
import { resolveConfig, type ConfigOverrides, type ConnectorConfig } from './config';
import { createApp, type AppExtras } from './http/app';
import type { AccessPolicy } from './http/security';
import { probeIdentity } from './identityProbe';
import { silentLogger, type Logger } from './logger';
import { RecordingService } from './recordings/recordingService';
import { HybridMode } from './remote/hybridMode';
import { ScreenshotService } from './screenshotService';
import { SourceMapper } from './sourceMapper';
import type { ConnectorServices } from './services';
import { CaptureStore } from './store';
import { WsHub } from './wsHub';

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
}

/** The standalone connector: store, HTTP API and WebSocket hub on one loopback port. */
export class Connector {
  readonly services: ConnectorServices;
  /** Ports we skipped because another program held them. */
  readonly skippedPorts: number[] = [];
  private readonly server: Server;
  private readonly hub: WsHub;
  private listeningPort = 0;
  private stopping: Promise<void> | undefined;

  private constructor(
    readonly config: ConnectorConfig,
    logger: Logger,
    extras: AppExtras,
  ) {
    const store = new CaptureStore(config.limits, config.redactHeaders);
    const bridge = new BrowserBridge();
    const core: Omit<ConnectorServices, 'remote'> = {
      config,
      logger,
      store,
      bridge,
      screenshots: new ScreenshotService(config.screenshots, bridge, store, logger),
      audits: new AuditService({ config: config.audits, bridge, logger, findChrome: () => findChrome() }),
      sourceMaps: new SourceMapper({ logger }),
      recordings: new RecordingService(config.recordings, bridge, store, logger),
      startedAt: Date.now(),
      port: () => this.listeningPort,
      connections: () => this.hub.connectionCount,
      invalidFrames: () => this.hub.invalidFrames,
    };
    const services: ConnectorServices = { ...core, remote: new HybridMode(core) };
    this.services = services;
    const policy: AccessPolicy = { port: () => this.listeningPort, allowedOrigins: config.allowedOrigins };
    this.server = createServer(createApp(services, policy, extras));
    this.server.keepAliveTimeout = 5_000;
    this.hub = new WsHub(services, policy);
    this.hub.attach(this.server);
  }

  static async start(overrides: ConfigOverrides = {}, options: StartOptions = {}): Promise<Connector> {
    const connector = new Connector(resolveConfig(overrides), options.logger ?? silentLogger, options);
    await connector.listen();
    if (connector.config.remote) await connector.services.remote.configure(connector.config.remote);
    return connector;
  }

  get port(): number {
    return this.listeningPort;
  }

  get url(): string {
    return `http://${this.config.host.includes(':') ? `[${this.config.host}]` : this.config.host}:${this.listeningPort}`;
  }

  /** Sends `server-shutdown` to every peer, then releases the port. Safe to call twice. */
  stop(reason = 'connector stopping'): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      this.services.remote.stop();
      this.services.bridge.rejectAll('The connector is shutting down.');
      this.hub.close(reason);
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
      setTimeout(() => {
        this.hub.terminate();
        this.server.closeAllConnections();
      }, 500).unref();
    });
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
      this.skippedPorts.push(port);
      this.services.logger.warn(`Port ${port} is held by another program${probe.answered ? ' (not a Browser Debug connector)' : ''}; trying ${port + 1}.`);
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
