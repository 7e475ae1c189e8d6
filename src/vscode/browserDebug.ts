import { join } from 'node:path';
import * as vscode from 'vscode';
import { findChrome } from '../connector/chromeFinder';
import { LaunchedBrowser } from '../connector/launchedBrowser';
import type { Logger } from '../connector/logger';
import type { StoredNetworkRequest } from '../shared/protocol';
import { registerAuditCommands } from './auditCommands';
import { CaptureFeed } from './captureFeed';
import { registerCommands } from './commands';
import { ConnectorSession } from './connectorSession';
import { DashboardPanel } from './dashboardPanel';
import { EntryLocations } from './entryLocations';
import { BrowserDiagnostics } from './diagnostics';
import { createLog } from './log';
import { mcpDefinitions, registerMcpProvider } from './mcpProvider';
import { openTraceFile, registerPerformanceCommands } from './performanceCommands';
import { DETAILS_SCHEME, RequestDetailsProvider } from './requestDetails';
import { exposeConnector } from './remoteAccess';
import { RemoteSharing } from './remoteSharing';
import { RemoteStatusBar } from './remoteStatusBar';
import { readSettings, type BrowserDebugSettings } from './settings';
import { SourceNavigator } from './sourceNavigator';
import { StatusBar } from './statusBar';
import { registerExportCommands } from './recordings/exportCommands';
import { registerRecordingCommands } from './recordings/recordingCommands';
import { RecordingsView } from './recordings/recordingsView';
import { ConsoleView } from './views/consoleView';
import { ElementView } from './views/elementView';
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
  /** Console entries' mapped locations, original first, shared by the views. */
  readonly locations: EntryLocations;
  readonly dashboard: DashboardPanel;
  /** Hybrid mode: settings and API key to the hosted connector. */
  readonly remote: RemoteSharing;
  readonly remoteStatusBar = new RemoteStatusBar();
  readonly statusBar: StatusBar;
  readonly activationMs: number;
  /** Captured history on disk, shared by every window of this extension. */
  readonly journalFile: string;
  launched: LaunchedBrowser | undefined;
  /** Where the user's machine reaches the connector, in a remote window. */
  externalAddress: string | undefined;
  private cachedSettings: BrowserDebugSettings | undefined;
  private readonly details = new RequestDetailsProvider();

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
    this.session = new ConnectorSession({
      settings: this.settings,
      logger: this.logger,
      feed: this.feed,
      storageFolder: storage,
      journalFile: this.journalFile,
    });
    this.locations = new EntryLocations(this.feed, this.logger);
    this.consoleView = new ConsoleView(this.feed, this.locations);
    this.networkView = new NetworkView(this.feed);
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
    this.remote = new RemoteSharing({
      session: this.session,
      feed: this.feed,
      secrets: context.secrets,
      identityFile: join(context.globalStorageUri.fsPath, 'remote-identity.json'),
      logger: this.logger,
    });
    const statusBar = (this.statusBar = new StatusBar(this.session, this.feed));
    own(
      this.log,
      this.feed,
      this.locations,
      this.consoleView,
      this.networkView,
      this.elementView,
      this.recordingsView,
      this.dashboard,
      statusBar,
      this.remote,
      this.remoteStatusBar,
      new BrowserDiagnostics(this.feed, this.navigator),
      vscode.window.registerTreeDataProvider('browserDebug.console', this.consoleView),
      vscode.window.registerTreeDataProvider('browserDebug.network', this.networkView),
      vscode.window.registerTreeDataProvider('browserDebug.element', this.elementView),
      vscode.window.registerTreeDataProvider('browserDebug.recordings', this.recordingsView),
      this.feed.onDidChangeRecordings(() => void this.recordingsView.reload()),
      this.session.onDidChange(() => void this.recordingsView.reload()),
      vscode.workspace.registerTextDocumentContentProvider(DETAILS_SCHEME, this.details),
      registerMcpProvider(this.session, this.settings),
      this.feed.onDidChange(() => this.refreshViews(statusBar)),
      this.session.onDidChange(() => statusBar.update()),
      this.session.onDidChange(() => void this.exposeWhenHosting()),
      vscode.workspace.onDidChangeConfiguration(
        (event) => event.affectsConfiguration('browserDebug') && (this.cachedSettings = undefined),
      ),
      ...registerCommands(this),
      ...registerAuditCommands(this),
      ...registerPerformanceCommands(this),
      ...registerRecordingCommands(this),
      ...registerExportCommands(this),
    );
    if (this.settings().autoStart) void this.session.start();
    this.activationMs = performance.now() - started;
    this.logger.info(`Activated in ${this.activationMs.toFixed(1)} ms.`);
  }

  /** One config reader, cached until the configuration changes. */
  readonly settings = (): BrowserDebugSettings => (this.cachedSettings ??= readSettings());

  /** What the MCP provider offers now (the integration tests read it). */
  mcpDefinitions(): vscode.McpHttpServerDefinition[] {
    return mcpDefinitions(this.session, this.settings);
  }

  async openRequestDetails(request: StoredNetworkRequest): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.details.uriFor(request));
    await vscode.window.showTextDocument(document, { preview: true });
  }

  /** The unpacked extension ships inside the VSIX; loading it is Chrome's job, so we show the way. */
  async installBrowserExtension(): Promise<void> {
    const folder = join(this.context.extensionPath, 'dist', 'browser-extension');
    const choice = await vscode.window.showInformationMessage(
      'Install the Browser Debug browser extension: in Chrome, Edge or Chromium open chrome://extensions, turn on Developer mode, click "Load unpacked" and choose the folder. Or use "Launch Browser", which loads it for you.',
      { modal: true, detail: folder },
      'Reveal Folder',
      'Copy Path',
      'Launch Browser',
    );
    if (choice === 'Reveal Folder') await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(folder));
    if (choice === 'Copy Path') await vscode.env.clipboard.writeText(folder);
    if (choice === 'Launch Browser') await this.launchBrowser();
  }

  /** Starts a Chrome, Chromium or Edge with its own profile and our extension loaded; the pipe stays open. */
  async launchBrowser(url?: string): Promise<LaunchedBrowser | undefined> {
    const executable = findChrome();
    if (!executable) {
      void vscode.window.showErrorMessage(
        'Browser Debug found no Chrome, Chromium or Edge. Install one, or set the CHROME_PATH environment variable to its executable.',
      );
      return undefined;
    }
    await this.launched?.close();
    const profileDir = join(this.context.globalStorageUri.fsPath, 'browser-profile');
    try {
      const launched = await LaunchedBrowser.launch({
        executable,
        profileDir,
        extensionDir: join(this.context.extensionPath, 'dist', 'browser-extension'),
        url,
      });
      this.launched = launched;
      this.logger.info(`Launched ${executable} with the Browser Debug extension (${launched.extensionId}).`);
      // Audits run in this browser (in a throwaway context) while it lives and this window hosts the connector.
      const release = this.session.services?.audits.useBrowser(launched.auditSource());
      if (release) void launched.exited.then(release);
      return launched;
    } catch (error) {
      void vscode.window.showErrorMessage(`Browser Debug could not launch ${executable}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Configuration for MCP clients outside VS Code: the stdio bin, which finds this connector. */
  async copyMcpConfiguration(): Promise<string> {
    const bin = join(this.context.extensionPath, 'dist', 'mcp.js');
    const config = JSON.stringify({ mcpServers: { 'browser-debug': { command: 'node', args: [bin] } } }, null, 2);
    await vscode.env.clipboard.writeText(config);
    const url = this.session.port
      ? ` Clients that speak Streamable HTTP can use http://127.0.0.1:${this.session.port}/mcp instead.`
      : '';
    void vscode.window.showInformationMessage(
      `MCP configuration copied (Claude Desktop, Cursor, Copilot CLI: paste it into their MCP settings).${url}`,
    );
    return config;
  }

  async dispose(): Promise<void> {
    await this.launched?.close();
    await this.session.dispose();
  }

  private async exposeWhenHosting(): Promise<void> {
    const { role, port } = this.session;
    if (role !== 'owner' || port === undefined || this.externalAddress) return;
    this.externalAddress = await exposeConnector(port, this.logger).catch((error: Error) => {
      this.logger.warn(`Could not forward the connector port: ${error.message}`);
      return undefined;
    });
  }

  private refreshViews(statusBar: StatusBar): void {
    void vscode.commands.executeCommand('setContext', 'browserDebug.browserConnected', this.feed.browserConnected);
    this.consoleView.refresh();
    this.networkView.refresh();
    this.elementView.refresh();
    statusBar.update();
    this.remoteStatusBar.update(this.feed.remote);
  }
}
