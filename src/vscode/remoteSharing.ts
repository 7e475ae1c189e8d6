import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Logger } from '../connector/logging/logger';
import type { RemoteCommandName, RemoteOverrides } from '../connector/remote/remoteConfig';
import type { CaptureFeed } from './captureFeed';
import type { ConnectorSession } from './connectorSession';
import { readSettings } from './settings';

/** One key per edge: a key must never go to a URL it was not given for. */
const apiKeySecret = (url: string) => `browserDebug.remote.apiKey:${originOf(url)}`;

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
  /** What was last applied, and to which connector: a restarted connector needs it again. */
  private applied: { key: string; to: unknown } | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RemoteSharingDeps) {
    this.subscriptions = [
      deps.session.onDidChange(() => deps.session.role === 'owner' && this.apply()),
      vscode.workspace.onDidChangeConfiguration(
        (event) => event.affectsConfiguration('browserDebug.remote') && this.apply(),
      ),
      deps.secrets.onDidChange((event) => event.key.startsWith('browserDebug.remote.apiKey:') && this.apply(true)),
    ];
  }

  /** Serialized, so quick setting changes end in the last one; resolves when it is in effect. */
  apply(force = false): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyNow(force))
      .catch((error: Error) => this.deps.logger.error(`Remote sharing could not be applied: ${error.message}`));
    return this.queue;
  }

  /** Stores the key for the edge in `browserDebug.remote.url`; asks for it unless given. */
  async setApiKey(key?: string): Promise<void> {
    const url = readSettings().remoteUrl.trim();
    if (!originOf(url)) {
      void vscode.window
        .showWarningMessage(
          'Browser Debug: set browserDebug.remote.url first; the API key is kept for that edge only.',
          'Open Settings',
        )
        .then((choice) => choice && openSettings());
      return;
    }
    const value =
      key ??
      (await vscode.window.showInputBox({
        title: 'Browser Debug: Remote API Key',
        prompt: `An API key (bdk_…) of ${originOf(url)} (POST /auth/register or /api/v1/api-keys). It enrols this machine once; it is kept in VS Code’s secret storage for that edge only.`,
        password: true,
        ignoreFocusOut: true,
        validateInput: (text) => (text.trim() ? undefined : 'Paste the key, or press Escape.'),
      }));
    if (value?.trim()) await this.deps.secrets.store(apiKeySecret(url), value.trim());
  }

  async copySessionId(): Promise<void> {
    const remote = this.deps.feed.remote;
    if (!remote?.sessionId) {
      void vscode.window
        .showInformationMessage(
          'Browser Debug: remote sharing is off. Set browserDebug.remote.url and the origins to share.',
          'Open Settings',
        )
        .then((choice) => choice && openSettings());
      return;
    }
    await vscode.env.clipboard.writeText(remote.sessionId);
    void vscode.window.showInformationMessage(
      `Session ID copied. A remote reader uses it with ${remote.url} (X-Session-ID header, /api/v1/sessions/<id>/events, /tunnel/<id>).`,
    );
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
    const applied = { key: JSON.stringify(overrides ?? null), to: session.services };
    if (!applied.to || (!force && applied.key === this.applied?.key && applied.to === this.applied.to)) return;
    this.applied = applied;
    const firstTime = overrides !== undefined && !overrides.apiKey && !existsSync(overrides.identityFile!);
    try {
      await session.configureRemote(overrides);
    } catch (error) {
      const message = (error as Error).message;
      logger.error(`Remote sharing is off: ${message}`);
      // Never keep sharing under settings the user has just replaced.
      await session.configureRemote(undefined);
      void vscode.window
        .showErrorMessage(`Browser Debug: remote sharing is off. ${message}`, 'Open Settings')
        .then((choice) => choice && openSettings());
      return;
    }
    if (firstTime) {
      void vscode.window
        .showWarningMessage(
          'Browser Debug: remote sharing needs an API key of your edge deployment the first time.',
          'Set API Key',
        )
        .then((choice) => choice && this.setApiKey());
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
      apiKey: (await secrets.get(apiKeySecret(settings.remoteUrl.trim()))) || undefined,
      identityFile: this.deps.identityFile,
    };
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function openSettings(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', 'browserDebug.remote');
}
