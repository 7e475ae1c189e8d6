import * as vscode from 'vscode';
import type { StoredNetworkRequest } from '../../shared/protocol';
import { isFailedRequest } from '../../shared/networkOutcome';
import { GroupedView, isGroup } from './groupedView';
import { pageLabel, type Group } from './pageLoadGroups';
import { safeTreeItem } from './safeTreeItem';

type Node = Group<StoredNetworkRequest> | StoredNetworkRequest;

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** The Network view: method, status, URL and duration, grouped by page load; failures stand out. */
export class NetworkView extends GroupedView<StoredNetworkRequest> {
  protected entries(): readonly StoredNetworkRequest[] {
    return this.feed.network;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `network-page-${node.pageLoadId}`;
      const failed = node.entries.filter(isFailedRequest).length;
      item.description = failed ? `${node.entries.length}, ${failed} failed` : `${node.entries.length}`;
      item.iconPath = new vscode.ThemeIcon('browser');
      return safeTreeItem(item);
    }
    const failed = isFailedRequest(node);
    const status = node.error ? 'ERR' : String(node.status ?? '…');
    const item = new vscode.TreeItem(
      `${node.method} ${status} ${shortUrl(node.url)}`,
      vscode.TreeItemCollapsibleState.None,
    );
    item.id = `network-${node.id}`;
    item.description = node.duration !== undefined ? `${node.duration} ms` : '';
    item.iconPath = failed
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
      : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    item.tooltip = `${node.method} ${node.url}\n${node.error ?? `${node.status} ${node.statusText ?? ''}`}`;
    item.contextValue = 'networkEntry';
    item.command = { command: 'browserDebug.openRequestDetails', title: 'Open Request Details', arguments: [node] };
    return safeTreeItem(item);
  }
}
