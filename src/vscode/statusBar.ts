import * as vscode from 'vscode';
import type { CaptureFeed } from './captureFeed';
import type { ConnectorSession } from './connectorSession';
import { vitalsTooltip } from './vitalsText';

/** Connector state, browser connected or not, and the page title; a click opens the actions. */
export class StatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('browserDebug.status', vscode.StatusBarAlignment.Left, 50);

  constructor(
    private readonly session: ConnectorSession,
    private readonly feed: CaptureFeed,
  ) {
    this.item.name = 'Browser Debug';
    this.item.command = 'browserDebug.showActions';
    this.update();
    this.item.show();
  }

  update(): void {
    const { role, port } = this.session;
    const page = this.feed.currentPageLoad ? this.feed.pageLoads.get(this.feed.currentPageLoad) : undefined;
    const title = page?.title ?? page?.url;
    if (role === 'failed') {
      this.item.text = '$(error) Browser Debug';
      this.item.tooltip = `The connector could not start: ${this.session.lastError ?? 'see the log'}`;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
      return;
    }
    this.item.backgroundColor = undefined;
    if (role === 'starting' || role === 'stopped') {
      this.item.text = '$(loading~spin) Browser Debug';
      this.item.tooltip = 'Starting the connector…';
      return;
    }
    const hosting = role === 'owner' ? 'hosted by this window' : 'hosted by another window';
    if (!this.feed.browserConnected) {
      this.item.text = '$(debug-disconnect) Browser Debug';
      this.item.tooltip = `Connector on port ${port} (${hosting}). No browser connected: install the browser extension or launch a browser.`;
      return;
    }
    this.item.text = `$(browser) ${title ? truncate(title, 30) : 'Browser Debug'}`;
    this.item.tooltip = `Browser connected. Connector on port ${port} (${hosting}).${page ? `\n${page.url}` : ''}${vitalsTooltip(page && this.feed.vitals.get(page.id))}`;
  }

  dispose(): void {
    this.item.dispose();
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The quick pick behind the status bar item. */
export async function showActions(): Promise<void> {
  const actions: (vscode.QuickPickItem & { command: string })[] = [
    { label: '$(device-camera) Capture Screenshot', command: 'browserDebug.captureScreenshot' },
    { label: '$(file-media) Capture Full Page Screenshot', command: 'browserDebug.captureFullPageScreenshot' },
    { label: '$(dashboard) Open Dashboard', command: 'browserDebug.openDashboard' },
    { label: '$(pulse) Record Performance Trace', command: 'browserDebug.recordPerformanceTrace' },
    { label: '$(clear-all) Clear Captured Data', command: 'browserDebug.clearCapturedData' },
    { label: '$(browser) Launch Browser', command: 'browserDebug.launchBrowser' },
    { label: '$(extensions) Install Browser Extension', command: 'browserDebug.installBrowserExtension' },
    { label: '$(copy) Copy MCP Configuration', command: 'browserDebug.copyMcpConfiguration' },
    { label: '$(debug-restart) Restart Connector', command: 'browserDebug.restartConnector' },
    { label: '$(output) Show Log', command: 'browserDebug.showLog' },
  ];
  const choice = await vscode.window.showQuickPick(actions, { placeHolder: 'Browser Debug' });
  if (choice) await vscode.commands.executeCommand(choice.command);
}
