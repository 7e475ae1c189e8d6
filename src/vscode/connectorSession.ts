import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ConfigOverrides } from '../connector/config/config';
import type { RemoteOverrides } from '../connector/remote/remoteConfig';
import type { Logger } from '../connector/logging/logger';
import type { CaptureFeed } from './captureFeed';
import { workspaceFileRoots, type BrowserDebugSettings } from './settings';

type Runtime = typeof import('../connectorRuntime');
type Running = Awaited<ReturnType<Runtime['startConnectorWithMcp']>>;

export type SessionRole = 'stopped' | 'starting' | 'owner' | 'client' | 'failed';

/** Loaded after activation, and only in the window that hosts the connector. */
function loadRuntime(): Runtime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(join(__dirname, 'connectorRuntime.js')) as Runtime;
}

export interface SessionDeps {
  settings: () => BrowserDebugSettings;
  logger: Logger;
  feed: CaptureFeed;
  /** Screenshots (unless the setting names a folder) and audit reports go here: workspace storage, not the repository. */
  storageFolder: string;
  journalFile: string;
}

/**
 * The connector as this window sees it. The first window on the port hosts it ("owner"); the others
 * find it by identity and follow its stream ("client"). When the owner goes, a client takes over
 * within a second, and the on-disk journal carries the history across.
 */
export class ConnectorSession implements vscode.Disposable {
  role: SessionRole = 'stopped';
  port: number | undefined;
  lastError: string | undefined;
  private running: Running | undefined;
  private disposed = false;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly deps: SessionDeps) {
    this.subscription = vscode.Disposable.from(
      deps.feed.onDidClose(() => void this.takeOver()),
      // upload_file and file: reads follow the workspace folders as they change (trust/fileRoots).
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        const roots = this.running?.connector.config.filesRoots;
        roots?.splice(0, roots.length, ...workspaceFileRoots());
      }),
    );
  }

  async start(): Promise<void> {
    this.setRole('starting');
    // Activation returns first: the runtime bundle loads on the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    const { logger } = this.deps;
    let runtime: Runtime;
    try {
      runtime = loadRuntime();
      this.running = await runtime.startConnectorWithMcp(this.overrides(), {
        logger,
        journalFile: this.deps.journalFile,
        legacyToolNames: this.deps.settings().mcpLegacyToolNames,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AlreadyRunningError')
        return this.attach((error as Error & { port: number }).port);
      return this.fail(error as Error);
    }
    const { connector } = this.running;
    const moved = connector.movedNote();
    logger.info(`Connector listening on ${connector.url}${moved}.`);
    this.port = connector.port;
    this.setRole('owner');
    await this.deps.feed.connect(connector.port).catch((error: Error) => logger.warn(error.message));
  }

  /** The connector's services, in the window that hosts it; other windows go through HTTP. */
  get services(): Running['connector']['services'] | undefined {
    return this.running?.connector.services;
  }

  /** Admits the Host of the address the editor forwarded the connector to (remote windows; owner only). */
  allowForwardedHost(authority: string): void {
    this.running?.connector.allowForwardedHost(authority);
  }

  /** Hybrid mode runs in the hosting window's connector; other windows leave it to that one. Throws on invalid settings. */
  async configureRemote(overrides: RemoteOverrides | undefined): Promise<void> {
    const services = this.services;
    if (!services) return;
    await services.remote.configure(overrides ? loadRuntime().resolveRemoteConfig(overrides) : undefined);
  }

  async stop(reason = 'VS Code window closing'): Promise<void> {
    this.deps.feed.disconnect();
    const running = this.running;
    this.running = undefined;
    await running?.stop(reason);
    this.setRole('stopped');
  }

  async restart(): Promise<void> {
    await this.stop('restarting');
    await this.start();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.subscription.dispose();
    await this.stop();
    this.changed.dispose();
  }

  private async attach(port: number): Promise<void> {
    this.port = port;
    this.setRole('client');
    this.deps.logger.info(`Another VS Code window hosts the connector on port ${port}: following its stream.`);
    await this.deps.feed.connect(port).catch((error: Error) => this.deps.logger.warn(error.message));
  }

  /** The owner went away: try to host it here. Jitter keeps several windows from colliding; the loser attaches. */
  private async takeOver(): Promise<void> {
    if (this.disposed || this.role !== 'client') return;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    if (this.disposed || this.role !== 'client') return;
    this.deps.logger.info('The window hosting the connector closed: taking over.');
    await this.start();
  }

  private fail(error: Error): void {
    this.lastError = error.message;
    this.setRole('failed');
    this.deps.logger.error(`The connector could not start: ${error.message}`);
    void vscode.window
      .showErrorMessage(`Browser Debug: the connector could not start (${error.message}).`, 'Change Port', 'Show Log')
      .then((choice) => {
        if (choice === 'Change Port')
          void vscode.commands.executeCommand('workbench.action.openSettings', 'browserDebug.connector.port');
        if (choice === 'Show Log') void vscode.commands.executeCommand('browserDebug.showLog');
      });
  }

  private overrides(): ConfigOverrides {
    const settings = this.deps.settings();
    return {
      port: settings.port,
      // The settings choose counts; the byte caps stay the defaults, sized for the extension host.
      limits: {
        consoleLogs: { maxEntries: settings.maxConsoleEntries },
        networkSuccess: { maxEntries: settings.maxNetworkEntries },
      },
      screenshots: { dir: settings.screenshotFolder || join(this.deps.storageFolder, 'screenshots') },
      recordings: { dir: join(this.deps.storageFolder, 'recordings') },
      redactHeaders: settings.redactHeaders,
      fullBodies: settings.networkFullBodies,
      filesRoots: workspaceFileRoots(),
      allowSecretFiles: settings.filesAllowSecrets,
      extensionIds: settings.extensionIds,
      networkMocks: { idleMs: settings.networkMockIdleMinutes * 60_000 },
      shareTabsWithAgents: settings.agentsShareAlways,
      audits: {
        timeoutMs: settings.auditTimeoutMs,
        cookieHandover: settings.auditCookieHandover,
        reportDir: join(this.deps.storageFolder, 'audits'),
        ...(settings.auditDebuggingEndpoint ? { debuggingEndpoint: settings.auditDebuggingEndpoint } : {}),
      },
    };
  }

  private setRole(role: SessionRole): void {
    this.role = role;
    this.changed.fire();
  }
}
