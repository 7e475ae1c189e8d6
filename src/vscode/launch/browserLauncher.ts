import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { findBrowser } from '../../connector/browsers/browserFinder';
import { pinExtensionPort } from '../../connector/browsers/extensionPort';
import { PairingBook, pairingsFile } from '../../connector/trust/pairingBook';
import { LaunchedBrowser } from '../../connector/browsers/launchedBrowser';
import type { Logger } from '../../connector/logging/logger';
import type { CaptureFeed } from '../captureFeed';
import type { ConnectorSession } from '../connectorSession';
import { chooseLaunchUrl } from './launchTarget';

export interface LauncherDeps {
  /** The unpacked browser extension to load. */
  extensionDir: string;
  /** Global storage: the launched browser's own profile lives here. */
  storageFolder: string;
  feed: CaptureFeed;
  session: ConnectorSession;
  logger: Logger;
  launchUrl: () => string;
  /** `browserDebug.launch.browser`: a kind, a path, or empty. */
  launchBrowser: () => string;
}

/** How long the progress waits for the launched browser's extension to reach the connector. */
const CONNECT_WAIT_MS = 20_000;

/**
 * *Launch Browser*: picks the page (setting, recent pages, answering localhost ports), starts Chrome,
 * Chromium or Edge with its own profile and our extension loaded, shows progress until the extension
 * connects, and says which browser opened which page.
 */
export class BrowserLauncher {
  launched: LaunchedBrowser | undefined;

  constructor(private readonly deps: LauncherDeps) {}

  async launch(url?: string): Promise<LaunchedBrowser | undefined> {
    const found = await findBrowser(this.deps.launchBrowser()).catch((error: Error) => error);
    if (found instanceof Error) {
      void vscode.window.showErrorMessage(found.message);
      return undefined;
    }
    const executable = found.path;
    const { feed, session } = this.deps;
    const target =
      url ??
      (await chooseLaunchUrl({
        configuredUrl: this.deps.launchUrl(),
        pageLoads: feed.pageLoads.values(),
        connectorPort: session.port,
      }));
    if (!target) return undefined;
    const name = found.kind === 'path' ? basename(executable) : found.name;
    const title = `Browser Debug: launching ${name}`;
    const launched = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title },
      async (progress) => {
        progress.report({ message: `for ${target}…` });
        const browsersBefore = session.services?.bridge.count ?? 0;
        const browser = await this.start(executable).catch((error: Error) => error);
        if (browser instanceof Error) return browser;
        progress.report({ message: 'waiting for its Browser Debug extension to connect…' });
        // The page opens once the extension listens, so its first load is captured too.
        await waitForBrowser(session, feed, browsersBefore, CONNECT_WAIT_MS);
        progress.report({ message: `opening ${target}…` });
        if (target !== 'about:blank')
          await browser
            .open(target)
            .catch((error: Error) => this.deps.logger.warn(`Could not open ${target}: ${error.message}`));
        return browser;
      },
    );
    if (launched instanceof Error) {
      void vscode.window.showErrorMessage(
        `Browser Debug could not launch ${name} (${executable}): ${launched.message}`,
      );
      return undefined;
    }
    const page = target === 'about:blank' ? 'a blank page' : target;
    const connected = feed.browserConnected
      ? 'Its console and network appear in the Browser Debug views.'
      : 'Its extension has not connected yet: see Browser Debug: Show Log.';
    void vscode.window.showInformationMessage(`Browser Debug opened ${page} in ${name}. ${connected}`);
    return launched;
  }

  async close(): Promise<void> {
    await this.launched?.close();
    this.launched = undefined;
  }

  private async start(executable: string): Promise<LaunchedBrowser> {
    await this.close();
    const launched = await LaunchedBrowser.launch({
      executable,
      profileDir: join(this.deps.storageFolder, 'browser-profile'),
      extensionDir: this.deps.extensionDir,
    });
    this.launched = launched;
    const port = this.deps.session.port;
    // A new pairing for this browser, kept in this user's pairings file: every connector of the user knows it.
    const pairing = (this.deps.session.services?.pairings ?? new PairingBook(pairingsFile(), () => port ?? 0)).add(
      'the browser Launch Browser started',
      true,
    );
    if (port !== undefined)
      await pinExtensionPort(launched, port, pairing).catch((error: Error) =>
        this.deps.logger.warn(`Launched browser: ${error.message}; it looks for the connector on 3025–3035.`),
      );
    this.deps.logger.info(`Launched ${executable} with the Browser Debug extension (${launched.extensionId}).`);
    // Audits run in this browser (in a throwaway context) while it lives and this window hosts the connector.
    const release = this.deps.session.services?.audits.useBrowser(launched.auditSource());
    if (release) void launched.exited.then(release);
    return launched;
  }
}

/**
 * Resolves when the launched browser's extension has connected: one more browser on the bridge in the
 * window hosting the connector, any connected browser elsewhere; or after `timeoutMs`.
 */
function waitForBrowser(
  session: ConnectorSession,
  feed: CaptureFeed,
  before: number,
  timeoutMs: number,
): Promise<void> {
  const bridge = session.services?.bridge;
  const arrived = () => (bridge ? bridge.count > before : feed.browserConnected);
  if (arrived()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const stop: () => unknown = bridge
      ? bridge.onChange(() => arrived() && done())
      : (
          (subscription) => () =>
            subscription.dispose()
        )(feed.onDidChange(() => arrived() && done()));
  });
}
