import * as vscode from 'vscode';
import type { CaptureFeed } from './captureFeed';
import type { ConnectorSession } from './connectorSession';
import { vitalsTooltip } from './vitalsText';

/** Connector state, browser connected or not, and the page title; a click opens the actions. */
export class StatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('browserDebug.status', vscode.StatusBarAlignment.Left, 50);
  /** What the item shows now, to skip an update that changes nothing. */
  private shown = '';

  constructor(
    private readonly session: ConnectorSession,
    private readonly feed: CaptureFeed,
    /** `browserDebug.network.fullBodies`: the tooltip says bodies are stored unredacted. */
    private readonly fullBodies: () => boolean = () => false,
  ) {
    this.item.name = 'Browser Debug';
    this.item.command = 'browserDebug.showActions';
    this.update();
    this.item.show();
  }

  /** Cheap when nothing changed: VS Code sends every property set to the window, equal or not. */
  update(): void {
    const look = this.look();
    if (this.fullBodies())
      look.tooltip +=
        '\nFull bodies on: request and response bodies and WebSocket frames are stored unredacted (browserDebug.network.fullBodies).';
    const key = JSON.stringify(look);
    if (key === this.shown) return;
    this.shown = key;
    this.item.text = look.text;
    this.item.tooltip = look.tooltip;
    this.item.backgroundColor = look.error ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
  }

  private look(): { text: string; tooltip: string; error?: true } {
    const { role, port } = this.session;
    const page = this.feed.currentPageLoad ? this.feed.pageLoads.get(this.feed.currentPageLoad) : undefined;
    const title = page?.title ?? page?.url;
    if (role === 'failed')
      return {
        text: '$(error) Browser Debug',
        tooltip: `The connector could not start: ${this.session.lastError ?? 'see the log'}`,
        error: true,
      };
    if (role === 'starting' || role === 'stopped')
      return { text: '$(loading~spin) Browser Debug', tooltip: 'Starting the connector…' };
    const hosting = role === 'owner' ? 'hosted by this window' : 'hosted by another window';
    if (!this.feed.browserConnected)
      return {
        text: '$(debug-disconnect) Browser Debug',
        tooltip: `Connector on port ${port} (${hosting}). No browser connected: install the browser extension or launch a browser.`,
      };
    return {
      text: `$(browser) ${title ? truncate(title, 30) : 'Browser Debug'}`,
      tooltip: `Browser connected. Connector on port ${port} (${hosting}).${page ? `\n${page.url}` : ''}${vitalsTooltip(page && this.feed.vitals.get(page.id))}`,
    };
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
