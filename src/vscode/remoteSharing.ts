import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Logger } from '../connector/logger';
import type { RemoteCommandName, RemoteOverrides } from '../connector/remote/remoteConfig';
import type { CaptureFeed } from './captureFeed';
import type { ConnectorSession } from './connectorSession';
import { readSettings } from './settings';

const API_KEY_SECRET = 'browserDebug.remote.apiKey';

export interface RemoteSharingDeps {
  session: ConnectorSession;
  feed: CaptureFeed;
  secrets: vscode.SecretStorage;
  /** The connector's key pair and session for the edge: in global storage, one per machine. */
  identityFile: string;
  logger: Logger;
}

/**
 * Hybrid mode from VS Code: the `browserDebug.remote.*` settings and the API key (SecretStorage)
 * go to the connector this window hosts, again whenever either changes.
 */
export class RemoteSharing implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private applied: string | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RemoteSharingDeps) {
    this.subscriptions = [
      deps.session.onDidChange(() => {
        if (deps.session.role !== 'owner') this.applied = undefined;
        else this.apply();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('browserDebug.remote') && this.apply()),
      deps.secrets.onDidChange((event) => event.key === API_KEY_SECRET && this.apply(true)),
    ];
  }

  /** Serialized, so quick setting changes end in the last one; resolves when it is in effect. */
  apply(force = false): Promise<void> {
    this.queue = this.queue.then(() => this.applyNow(force));
    return this.queue;
  }

  async setApiKey(key?: string): Promise<void> {
    const value =
      key ??
      (await vscode.window.showInputBox({
        title: 'Browser Debug: Remote API Key',
        prompt: 'An API key of your edge deployment (POST /auth/register or /api/v1/api-keys). It enrols this machine once; it is kept in VS Code’s secret storage.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (text) => (text.trim() ? undefined : 'Paste the key, or press Escape.'),
      }));
    if (value?.trim()) await this.deps.secrets.store(API_KEY_SECRET, value.trim());
  }

  async copySessionId(): Promise<void> {
    const remote = this.deps.feed.remote;
    if (!remote?.sessionId) {
      void vscode.window.showInformationMessage('Browser Debug: remote sharing is off. Set browserDebug.remote.url and the origins to share.', 'Open Settings').then((choice) => choice && openSettings());
      return;
    }
    await vscode.env.clipboard.writeText(remote.sessionId);
    void vscode.window.showInformationMessage(`Session ID copied. A remote reader uses it with ${remote.url} (X-Session-ID header, /api/v1/sessions/<id>/events, /tunnel/<id>).`);
  }

  async showActions(): Promise<void> {
    const actions = [
      { label: '$(key) Set Remote API Key', run: () => this.setApiKey() },
      { label: '$(copy) Copy Remote Session ID', run: () => this.copySessionId() },
      { label: '$(settings-gear) Remote Sharing Settings', run: () => openSettings() },
    ];
    const choice = await vscode.window.showQuickPick(actions, { placeHolder: 'Browser Debug: remote sharing' });
    await choice?.run();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async applyNow(force: boolean): Promise<void> {
    const { session, secrets, logger } = this.deps;
    if (session.role !== 'owner') return;
    const overrides = await this.overrides(secrets);
    const key = JSON.stringify(overrides ?? null);
    if (!force && key === this.applied) return;
    this.applied = key;
    try {
      await session.configureRemote(overrides);
    } catch (error) {
      const message = (error as Error).message;
      logger.error(`Remote sharing is off: ${message}`);
      // Never keep sharing under settings the user has just replaced.
      await session.configureRemote(undefined);
      void vscode.window.showErrorMessage(`Browser Debug: remote sharing is off. ${message}`, 'Open Settings').then((choice) => choice && openSettings());
      return;
    }
    if (overrides && !overrides.apiKey && !existsSync(overrides.identityFile!)) {
      void vscode.window.showWarningMessage('Browser Debug: remote sharing needs an API key of your edge deployment the first time.', 'Set API Key').then((choice) => choice && this.setApiKey());
    }
  }

  private async overrides(secrets: vscode.SecretStorage): Promise<RemoteOverrides | undefined> {
    const settings = readSettings();
    if (!settings.remoteUrl.trim()) return undefined;
    return {
      url: settings.remoteUrl.trim(),
      origins: settings.remoteSharedOrigins,
      sessionId: settings.remoteSessionId.trim() || undefined,
      commands: settings.remoteCommands as RemoteCommandName[],
      apiKey: (await secrets.get(API_KEY_SECRET)) || undefined,
      identityFile: this.deps.identityFile,
    };
  }
}

function openSettings(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', 'browserDebug.remote');
}
