import type * as vscode from 'vscode';
import type { LaunchedBrowser } from '../connector/browsers/launchedBrowser';
import type { Logger } from '../connector/logging/logger';
import type { StoredNetworkRequest } from '../shared/protocol';
import type { CaptureFeed } from './captureFeed';
import type { BrowserDiagnostics } from './diagnostics';
import type { ConnectorSession } from './connectorSession';
import type { DashboardPanel } from './dashboardPanel';
import type { RemoteSharing } from './remoteSharing';
import type { BrowserDebugSettings } from './settings';
import type { SourceNavigator } from './sourceNavigator';
import type { RecordingsView } from './recordings/recordingsView';
import type { ReplayViewerPanel } from './replayViewer/replayViewerPanel';
import type { ConsoleView } from './views/consoleView';

/**
 * What command handlers may use of the extension. The composition root implements it; handlers import
 * this interface, never the root, so no file imports back up into the file that registers it.
 */
export interface CommandContext {
  readonly log: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly feed: CaptureFeed;
  readonly session: ConnectorSession;
  readonly consoleView: ConsoleView;
  readonly navigator: SourceNavigator;
  readonly diagnostics: BrowserDiagnostics;
  readonly dashboard: DashboardPanel;
  readonly remote: RemoteSharing;
  readonly recordingsView: RecordingsView;
  readonly replayViewer: ReplayViewerPanel;
  /** Where the Replay viewer saves the videos it shows (the webview may read only there). */
  readonly replayVideosFolder: string;
  readonly settings: () => BrowserDebugSettings;
  /** Where exports go by default: the extension's storage, outside every workspace. */
  readonly exportsFolder: string;
  openRequestDetails(request: StoredNetworkRequest): Promise<void>;
  installBrowserExtension(): Promise<void>;
  launchBrowser(url?: string): Promise<LaunchedBrowser | undefined>;
  copyMcpConfiguration(): Promise<string>;
  setUpMcpClient(): Promise<unknown>;
}

/** One command's handler: the context, then whatever VS Code passes (a tree row, a URI, a choice). */
export type CommandHandler = (app: CommandContext, ...args: never[]) => unknown;
