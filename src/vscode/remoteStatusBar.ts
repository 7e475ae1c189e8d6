import * as vscode from 'vscode';
import type { RemoteReport } from '../shared/remoteStatus';

const LOOK: Record<RemoteReport['state'], { icon: string; label: string; color?: string }> = {
  online: { icon: 'cloud', label: 'online' },
  connecting: { icon: 'sync~spin', label: 'connecting' },
  offline: { icon: 'warning', label: 'offline, queueing', color: 'statusBarItem.warningBackground' },
  unauthorized: { icon: 'error', label: 'API key refused', color: 'statusBarItem.errorBackground' },
  failed: { icon: 'error', label: 'not started', color: 'statusBarItem.errorBackground' },
  stopped: { icon: 'circle-slash', label: 'stopped' },
};

/** Hybrid mode at a glance: shown only while a remote URL is set; a click opens the remote actions. */
export class RemoteStatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('browserDebug.remote', vscode.StatusBarAlignment.Left, 49);

  constructor() {
    this.item.name = 'Browser Debug Remote';
    this.item.command = 'browserDebug.remoteActions';
  }

  /** The report last shown (`null`: hidden), to skip an update that changes nothing. */
  private shown: string | undefined;

  update(remote: RemoteReport | null): void {
    const key = JSON.stringify(remote);
    if (key === this.shown) return;
    this.shown = key;
    if (!remote) return this.item.hide();
    const look = LOOK[remote.state];
    this.item.text = `$(${look.icon}) Remote${remote.queued > 0 ? ` · ${remote.queued} queued` : ''}`;
    this.item.backgroundColor = look.color ? new vscode.ThemeColor(look.color) : undefined;
    const lines = [
      `**Remote sharing: ${look.label}**`,
      `Edge: ${remote.url}`,
      `Session: ${remote.sessionId ?? '—'}`,
      `Shared origins: ${remote.origins.length ? remote.origins.join(', ') : 'none (nothing leaves this machine)'}`,
      `Forwarded: ${remote.forwarded}, waiting: ${remote.queued}${remote.dropped ? `, dropped: ${remote.dropped}` : ''}`,
      ...(remote.lastError ? [`Last error: ${remote.lastError}`] : []),
    ];
    this.item.tooltip = new vscode.MarkdownString(lines.join('\n\n'));
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
