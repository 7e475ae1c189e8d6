import * as vscode from 'vscode';
import { isFailedRequest } from '../../shared/networkOutcome';
import type { StoredEntry } from '../../shared/protocol';
import type { CaptureFeed } from '../captureFeed';
import type { ConsoleView } from './consoleView';
import type { ElementView } from './elementView';
import type { NetworkView } from './networkView';
import type { RecordingsView } from '../recordings/recordingsView';

/** What a badge counts: errors in the Console, failed requests in the Network view. */
export function isConsoleError(entry: StoredEntry): boolean {
  return entry.type === 'console-error';
}

export function isNetworkFailure(entry: StoredEntry): boolean {
  return entry.type === 'network-request' && isFailedRequest(entry);
}

/**
 * A view's badge: how many entries `counts` picked arrived since the user last looked at the view. It
 * clears when the view shows (VS Code's own Problems and SCM badges count what waits to be seen).
 */
class NewCountBadge implements vscode.Disposable {
  private count = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly view: vscode.TreeView<unknown>,
    feed: CaptureFeed,
    private readonly counts: (entry: StoredEntry) => boolean,
    private readonly noun: [string, string],
  ) {
    this.subscriptions = [
      feed.onDidAdd((entries) => this.add(view.visible ? 0 : entries.filter(counts).length)),
      feed.onDidClear(() => this.reset()),
      view.onDidChangeVisibility(({ visible }) => visible && this.reset()),
    ];
  }

  private add(count: number): void {
    if (!count) return;
    this.count += count;
    const [one, many] = this.noun;
    this.view.badge = { value: this.count, tooltip: `${this.count} new ${this.count === 1 ? one : many}` };
  }

  private reset(): void {
    if (!this.count) return;
    this.count = 0;
    this.view.badge = undefined;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/** The Console view's description names the level filter while it hides entries. */
export function consoleFilterDescription(minimumLevel: string): string {
  // Empty, not undefined: VS Code keeps the last description when it is set to undefined.
  return minimumLevel === 'debug' ? '' : `${minimumLevel} and above`;
}

export interface SidebarViews {
  feed: CaptureFeed;
  consoleView: ConsoleView;
  networkView: NetworkView;
  elementView: ElementView;
  recordingsView: RecordingsView;
}

/** The four side bar trees, with badges for new errors and failures and the Console's filter in its description. */
export function createSidebarTrees({ feed, consoleView, networkView, elementView, recordingsView }: SidebarViews) {
  const consoleTree = vscode.window.createTreeView('browserDebug.console', { treeDataProvider: consoleView });
  const networkTree = vscode.window.createTreeView('browserDebug.network', { treeDataProvider: networkView });
  const describe = () => (consoleTree.description = consoleFilterDescription(consoleView.minimumLevel));
  describe();
  return [
    consoleTree,
    networkTree,
    vscode.window.createTreeView('browserDebug.element', { treeDataProvider: elementView }),
    vscode.window.createTreeView('browserDebug.recordings', { treeDataProvider: recordingsView }),
    new NewCountBadge(consoleTree, feed, isConsoleError, ['error', 'errors']),
    new NewCountBadge(networkTree, feed, isNetworkFailure, ['failed request', 'failed requests']),
    consoleView.onDidChangeFilter(describe),
  ];
}
