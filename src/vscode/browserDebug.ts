import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LaunchedBrowser } from '../connector/browsers/launchedBrowser';
import type { Logger } from '../connector/logging/logger';
import type { StoredNetworkRequest } from '../shared/protocol';
import { VERSION } from '../shared/version';
import { registerAuditCommands } from './auditCommands';
import { CaptureFeed } from './captureFeed';
import { registerCommandTable } from './commandTable';
import { ConnectorSession } from './connectorSession';
import { DashboardPanel } from './dashboardPanel';
import { jumpToRunError } from './replayViewer/replayViewerCommands';
import { ReplayViewerPanel } from './replayViewer/replayViewerPanel';
import { EntryLocations } from './entryLocations';
import { BrowserDiagnostics } from './diagnostics';
import { createLog } from './log';
import { mcpApi, type McpHttpServerDefinition } from './mcpApi';
import { mcpDefinitions, registerMcpProvider } from './mcpProvider';
import { McpClientSetup } from './setup/mcpClientSetup';
import { offerOwnMcpConfiguration } from './setup/mcpFallback';
import { openTraceFile, registerPerformanceCommands } from './performanceCommands';
import { DETAILS_SCHEME, RequestDetailsProvider, showRequestDetails } from './requestDetails';
import { exposeConnector } from './remoteAccess';
import { RemoteSharing } from './remoteSharing';
import { RemoteStatusBar } from './remoteStatusBar';
import { readSettings, type BrowserDebugSettings } from './settings';
import { SourceNavigator } from './sourceNavigator';
import { StatusBar } from './statusBar';
import { registerExportCommands } from './recordings/exportCommands';
import { BrowserLauncher } from './launch/browserLauncher';
import { copyMcpConfiguration, installBrowserExtension } from './setup/setupCommands';
import { StableInstall } from './setup/stableInstall';
import { WalkthroughContext } from './walkthroughContext';
import { MockStatusBar } from './networkMocks/mockStatusBar';
import { RecordingStatusBar } from './recordings/recordingStatusBar';
import { RecordingsView } from './recordings/recordingsView';
import { ConsoleView } from './views/consoleView';
import { RefreshThrottle } from './views/refreshThrottle';
import { ElementView } from './views/elementView';
import { createSidebarTrees } from './views/sidebarTrees';
import { NetworkView } from './views/networkView';

/**
 * The composition root: builds every service once, registers every disposable with the extension's
 * lifetime, and starts the connector without waiting for it. The instance is also the API the
 * integration tests use.
 */
export class BrowserDebug {
  readonly log: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly feed: CaptureFeed;
  readonly session: ConnectorSession;
  readonly consoleView: ConsoleView;
  readonly networkView: NetworkView;
  readonly elementView: ElementView;
  readonly recordingsView: RecordingsView;
  readonly navigator: SourceNavigator;
  /** Browser errors in the Problems panel, filterable by agent. */
  readonly diagnostics: BrowserDiagnostics;
  /** Console entries' mapped locations, original first, shared by the views. */
  readonly locations: EntryLocations;
  readonly dashboard: DashboardPanel;
  readonly replayViewer: ReplayViewerPanel;
  readonly replayVideosFolder: string;
  /** Hybrid mode: settings and API key to the hosted connector. */
  readonly remote: RemoteSharing;
  readonly remoteStatusBar = new RemoteStatusBar();
  readonly statusBar: StatusBar;
  readonly mockStatusBar = new MockStatusBar();
  readonly activationMs: number;
  /** Captured history on disk, shared by every window of this extension. */
  readonly journalFile: string;
  readonly exportsFolder: string;
  /** Update-proof paths handed to Chrome and MCP clients (global storage). */
  readonly stable: StableInstall;
  readonly mcpSetup: McpClientSetup;
  private readonly launcher: BrowserLauncher;
  /** Where the user's machine reaches the connector, in a remote window. */
  externalAddress: string | undefined;
  private cachedSettings: BrowserDebugSettings | undefined;
  /** Fires once the settings were read afresh after a change. */
  private readonly settingsChanged = new vscode.EventEmitter<void>();
  /** Fires when the MCP definition VS Code is offered changes (port, `mcp.enabled`). */
  readonly mcpDefinitionsChanged = new vscode.EventEmitter<void>();
  /** The `browserDebug.browserConnected` context key as last set. */
  private browserConnectedContext: boolean | undefined;
  /** The trees redraw at once, then at most once a second while captures stream in. */
  private readonly treeRefresh = new RefreshThrottle(1000, () => {
    this.consoleView.refresh();
    this.networkView.refresh();
    this.elementView.refresh();
  });
  private readonly details: RequestDetailsProvider;

  static create(context: vscode.ExtensionContext): BrowserDebug {
    try {
      return new BrowserDebug(context, performance.now());
    } catch (error) {
      void vscode.window.showErrorMessage(`Browser Debug failed to activate: ${(error as Error).message}`);
      throw error;
    }
  }

  private constructor(
    private readonly context: vscode.ExtensionContext,
    started: number,
  ) {
    const own = (...disposables: vscode.Disposable[]) => context.subscriptions.push(...disposables);
    ({ channel: this.log, logger: this.logger } = createLog());
    this.feed = new CaptureFeed(this.logger);
    const storage = (context.storageUri ?? context.globalStorageUri).fsPath;
    this.journalFile = join(context.globalStorageUri.fsPath, 'journal.jsonl');
    this.exportsFolder = join(storage, 'exports');
    this.session = new ConnectorSession({
      settings: this.settings,
      logger: this.logger,
      feed: this.feed,
      storageFolder: storage,
      journalFile: this.journalFile,
    });
    this.locations = new EntryLocations(this.feed, this.logger);
    this.consoleView = new ConsoleView(this.feed, this.locations);
    this.networkView = new NetworkView(this.feed, this.locations);
    this.details = new RequestDetailsProvider(this.locations);
    this.elementView = new ElementView(this.feed);
    this.recordingsView = new RecordingsView(() => this.session.port);
    this.navigator = new SourceNavigator(this.settings, this.locations);
    this.dashboard = new DashboardPanel(context.extensionUri, this.feed, this.locations, {
      jumpToSource: (entry) => this.navigator.open(entry),
      openRequest: (id) => {
        const request = this.feed.network.find((item) => item.id === id);
        return request && this.openRequestDetails(request);
      },
      openScript: (frame) => this.navigator.openFrame(frame),
      openTraceFile: (path) => openTraceFile(path),
    });
    this.replayVideosFolder = join(storage, 'replay-videos');
    this.replayViewer = new ReplayViewerPanel(context.extensionUri, this.replayVideosFolder, {
      jumpToError: (error) => jumpToRunError(this, error),
    });
    const globalStorage = context.globalStorageUri.fsPath;
    this.stable = new StableInstall(context.extensionPath, globalStorage, VERSION);
    this.mcpSetup = new McpClientSetup(this.stable, globalStorage);
    const mcp = mcpApi();
    this.launcher = new BrowserLauncher({
      extensionDir: join(context.extensionPath, 'dist', 'browser-extension'),
      storageFolder: globalStorage,
      feed: this.feed,
      session: this.session,
      logger: this.logger,
      launchUrl: () => this.settings().launchUrl,
      launchBrowser: () => this.settings().launchBrowser,
    });
    this.remote = new RemoteSharing({
      session: this.session,
      feed: this.feed,
      secrets: context.secrets,
      identityFile: join(context.globalStorageUri.fsPath, 'remote-identity.json'),
      logger: this.logger,
    });
    const statusBar = (this.statusBar = new StatusBar(
      this.session,
      this.feed,
      () => this.settings().networkFullBodies,
    ));
    own(
      this.treeRefresh,
      this.log,
      this.feed,
      this.locations,
      this.consoleView,
      this.networkView,
      this.elementView,
      this.recordingsView,
      this.dashboard,
      this.replayViewer,
      statusBar,
      this.remote,
      this.remoteStatusBar,
      this.mockStatusBar,
      new RecordingStatusBar(this.recordingsView),
      (this.diagnostics = new BrowserDiagnostics(this.feed, this.navigator)),
      new WalkthroughContext(this.feed),
      ...createSidebarTrees(this),
      vscode.window.registerWebviewPanelSerializer('browserDebug.dashboard', {
        deserializeWebviewPanel: async (panel) => this.dashboard.restore(panel),
      }),
      this.feed.onDidChangeRecordings(() => void this.recordingsView.reload()),
      this.session.onDidChange(() => void this.recordingsView.reload()),
      vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, this.details),
      this.settingsChanged,
      this.mcpDefinitionsChanged,
      ...(mcp
        ? [
            registerMcpProvider(mcp, {
              session: this.session,
              settings: this.settings,
              onDidChangeSettings: this.settingsChanged.event,
              changed: this.mcpDefinitionsChanged,
            }),
          ]
        : []),
      this.feed.onDidChange(() => this.refreshViews(statusBar)),
      this.session.onDidChange(() => statusBar.update()),
      this.session.onDidChange(() => void this.exposeWhenHosting()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('browserDebug')) return;
        this.cachedSettings = undefined;
        this.settingsChanged.fire();
      }),
      ...registerCommandTable(this),
      ...registerAuditCommands(this),
      ...registerPerformanceCommands(this),
      ...registerExportCommands(this),
    );
    if (this.settings().autoStart) void this.session.start();
    // After an update, what an earlier version handed out points at this install (off the activation path).
    setImmediate(() => void this.stable.refresh().catch((error: Error) => this.logger.warn(error.message)));
    // No MCP provider API (Cursor, Windsurf, VSCodium): offer this editor's own MCP configuration instead.
    if (!mcp && this.settings().mcpEnabled)
      setImmediate(
        () =>
          void offerOwnMcpConfiguration(this.mcpSetup, context.globalState).catch((error: Error) =>
            this.logger.warn(`Could not offer the MCP configuration: ${error.message}`),
          ),
      );
    this.activationMs = performance.now() - started;
    this.logger.info(`Activated in ${this.activationMs.toFixed(1)} ms.`);
  }

  /** One config reader, cached until the configuration changes. */
  readonly settings = (): BrowserDebugSettings => (this.cachedSettings ??= readSettings());

  /** What the MCP provider offers now (the integration tests read it). */
  mcpDefinitions(): McpHttpServerDefinition[] {
    const api = mcpApi();
    return api ? mcpDefinitions(api, this.session, this.settings) : [];
  }

  async openRequestDetails(request: StoredNetworkRequest): Promise<void> {
    await showRequestDetails(this.details.uriFor(request));
  }

  /** *Install Browser Extension*: a copy in global storage, so the folder Chrome loads survives updates. */
  async installBrowserExtension(): Promise<void> {
    await installBrowserExtension(this.stable, this.externalAddress, () => this.launchBrowser());
  }

  /** *Launch Browser*: on `url`, or the page the user picks; with progress and a message naming both. */
  launchBrowser(url?: string): Promise<LaunchedBrowser | undefined> {
    return this.launcher.launch(url);
  }

  get launched(): LaunchedBrowser | undefined {
    return this.launcher.launched;
  }

  /** Configuration for MCP clients outside VS Code: a stable launcher of the stdio bin, which finds this connector. */
  copyMcpConfiguration(): Promise<string> {
    return copyMcpConfiguration(this.stable, this.session.port);
  }

  /** *Set Up MCP for…*: writes a client's MCP configuration (the `browser-debug setup` code path). */
  setUpMcpClient(): Promise<unknown> {
    return this.mcpSetup.run();
  }

  async dispose(): Promise<void> {
    await this.launcher.close();
    await this.session.dispose();
  }

  private async exposeWhenHosting(): Promise<void> {
    const { role, port } = this.session;
    if (role !== 'owner' || port === undefined) return;
    // A restarted connector forgets the forwarded Host it admitted: tell it again, without a second toast.
    if (this.externalAddress) return this.session.allowForwardedHost(new URL(this.externalAddress).host);
    this.externalAddress = await exposeConnector(port, this.session, this.logger).catch((error: Error) => {
      this.logger.warn(`Could not forward the connector port: ${error.message}`);
      return undefined;
    });
  }

  private refreshViews(statusBar: StatusBar): void {
    // A round trip to the window: only when the value changed (the feed changes up to 30 times a second).
    if (this.browserConnectedContext !== this.feed.browserConnected) {
      this.browserConnectedContext = this.feed.browserConnected;
      void vscode.commands.executeCommand('setContext', 'browserDebug.browserConnected', this.feed.browserConnected);
    }
    this.treeRefresh.request();
    statusBar.update();
    this.remoteStatusBar.update(this.feed.remote);
    this.mockStatusBar.update(this.feed.networkMocks);
  }
}
