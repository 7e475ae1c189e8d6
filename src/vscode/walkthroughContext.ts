import * as vscode from 'vscode';
import type { CaptureFeed } from './captureFeed';

/**
 * Context keys the getting-started walkthrough completes on (`onContext:…` in package.json), each set
 * from the real event once it has happened. Keys only turn on: a step once done stays done.
 * (`browserDebug.browserConnected` is kept current by the composition root, since views use it too.)
 */
export const WALKTHROUGH_KEYS = {
  /** A page of the app loaded (or logged, or made a request) in a connected browser. */
  pageOpened: 'browserDebug.pageOpened',
  /** A screenshot was stored: from VS Code, the dashboard or an MCP client. */
  screenshotTaken: 'browserDebug.screenshotTaken',
  /** The assistant acted in the browser through an MCP tool (navigate, click, fill…). */
  assistantActed: 'browserDebug.assistantActed',
} as const;

export class WalkthroughContext implements vscode.Disposable {
  private readonly done = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly feed: CaptureFeed) {
    this.subscriptions = [feed.onDidChange(() => this.update()), feed.onDidAct(() => this.update())];
  }

  private update(): void {
    const { feed } = this;
    this.set(WALKTHROUGH_KEYS.pageOpened, feed.pageLoads.size > 0 || feed.network.length > 0);
    this.set(WALKTHROUGH_KEYS.screenshotTaken, feed.screenshots.length > 0);
    this.set(WALKTHROUGH_KEYS.assistantActed, feed.actions.length > 0);
  }

  private set(key: string, happened: boolean): void {
    if (!happened || this.done.has(key)) return;
    this.done.add(key);
    void vscode.commands.executeCommand('setContext', key, true);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
