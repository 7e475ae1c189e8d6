import * as vscode from 'vscode';
import type { StoredNetworkRequest, StoredWebSocketEvent } from '../../shared/protocol';
import { isFailedRequest } from '../../shared/networkOutcome';
import type { CaptureFeed } from '../captureFeed';
import type { EntryLocations } from '../entryLocations';
import { formatMs } from '../units';
import { GroupedView, isGroup } from './groupedView';
import { pageDescription, pageLabel, type Group } from './pageLoadGroups';
import { safeTreeItem } from './safeTreeItem';
import { isSocketRow, socketEventItem, socketItem, socketRows, type SocketRow } from './socketRows';

/** A request, one of the page's WebSockets, or one of a socket's events (its children). */
type Row = StoredNetworkRequest | SocketRow | StoredWebSocketEvent;
type Node = Group<Row> | Row;

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/**
 * The Network view: method, status, URL, duration and initiator, grouped by page load; failures stand out.
 * A page's WebSockets sit among its requests, with their frames as children.
 */
export class NetworkView extends GroupedView<Row> {
  private readonly subscription: vscode.Disposable;
  private readonly sockets = new Map<string, SocketRow>();

  constructor(
    feed: CaptureFeed,
    private readonly locations: EntryLocations,
  ) {
    super(feed);
    // Rows name the original file that made the request once its map arrives.
    this.subscription = feed.onDidAdd((entries) => {
      const initiators = entries.flatMap((entry) =>
        entry.type === 'network-request' && entry.initiator ? [entry.initiator] : [],
      );
      void locations.locateInitiators(initiators).then((changed) => changed && this.changed.fire(undefined));
    });
  }

  override dispose(): void {
    this.subscription.dispose();
    super.dispose();
  }

  protected entries(): readonly Row[] {
    const sockets = socketRows(this.feed.websockets, this.sockets);
    if (!sockets.length) return this.feed.network;
    return [...this.feed.network, ...sockets].sort((a, b) => a.seq - b.seq);
  }

  /** A new frame on a socket already shown changes only its row: VS Code is told about that row. */
  override refresh(): void {
    const before = new Map([...this.sockets.values()].map((row) => [row, row.events.length]));
    super.refresh();
    const grown = [...this.sockets.values()].filter((row) => before.has(row) && before.get(row) !== row.events.length);
    if (grown.length) this.changed.fire(grown);
  }

  override getChildren(node?: Node): Node[] {
    if (isSocketRow(node)) return node.events;
    return super.getChildren(node);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isSocketRow(node)) return socketItem(node);
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `network-page-${node.pageLoadId}`;
      const failed = node.entries.filter((row) => 'method' in row && isFailedRequest(row)).length;
      item.description = pageDescription(
        node,
        failed ? `${node.entries.length}, ${failed} failed` : `${node.entries.length}`,
      );
      item.iconPath = new vscode.ThemeIcon(node.page && !node.page.replaced ? 'circle-large-filled' : 'browser');
      item.tooltip = node.page?.url;
      return safeTreeItem(item);
    }
    if (node.type === 'websocket') return socketEventItem(node);
    const failed = isFailedRequest(node);
    const status = node.error ? 'ERR' : String(node.status ?? '…');
    const item = new vscode.TreeItem(
      `${node.method} ${status} ${shortUrl(node.url)}`,
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `network-${node.id}`;
    const mocked = node.mocked ? `mocked by ${node.mocked.ruleId}` : '';
    const initiator = this.locations.initiatorLabel(node.initiator, true);
    const timing = [mocked, node.duration !== undefined ? formatMs(node.duration) : ''].filter(Boolean).join(' · ');
    item.description = [timing, initiator && `← ${initiator}`].filter(Boolean).join(' ');
    item.iconPath = failed
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
      : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    const from = node.initiator ? `\nInitiator: ${this.locations.initiatorLabel(node.initiator)}` : '';
    item.tooltip = `${node.method} ${node.url}\n${node.error ?? `${node.status} ${node.statusText ?? ''}`}${from}${mocked ? `\n${mocked} (${node.mocked!.action})` : ''}`;
    item.contextValue = 'networkEntry';
    item.command = { command: 'browserDebug.openRequestDetails', title: 'Open Request Details', arguments: [node] };
    return safeTreeItem(item);
  }
}
