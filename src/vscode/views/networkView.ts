import * as vscode from 'vscode';
import type { StoredNetworkRequest } from '../../shared/protocol';
import { isFailedRequest } from '../../connector/store';
import { RefreshableView } from './refreshableView';
import type { CaptureFeed } from '../captureFeed';
import { groupByPageLoad, pageLabel, type Group } from './pageLoadGroups';

type Node = Group<StoredNetworkRequest> | StoredNetworkRequest;

function isGroup(node: Node): node is Group<StoredNetworkRequest> {
  return 'entries' in node;
}

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

/** The Network view: method, status, URL and duration, grouped by page load; failures stand out. */
export class NetworkView extends RefreshableView<Node> {
  constructor(private readonly feed: CaptureFeed) {
    super();
  }

  getChildren(node?: Node): Node[] {
    if (node) return isGroup(node) ? node.entries : [];
    return groupByPageLoad(this.feed.network, this.feed.pageLoads);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `network-page-${node.pageLoadId}`;
      const failed = node.entries.filter(isFailedRequest).length;
      item.description = failed ? `${node.entries.length}, ${failed} failed` : `${node.entries.length}`;
      item.iconPath = new vscode.ThemeIcon('browser');
      return item;
    }
    const failed = isFailedRequest(node);
    const status = node.error ? 'ERR' : String(node.status ?? '…');
    const item = new vscode.TreeItem(`${node.method} ${status} ${shortUrl(node.url)}`, vscode.TreeItemCollapsibleState.None);
    item.id = `network-${node.id}`;
    item.description = node.duration !== undefined ? `${node.duration} ms` : '';
    item.iconPath = failed ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')) : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    item.tooltip = `${node.method} ${node.url}\n${node.error ?? `${node.status} ${node.statusText ?? ''}`}`;
    item.contextValue = 'networkEntry';
    item.command = { command: 'browserDebug.openRequestDetails', title: 'Open Request Details', arguments: [node] };
    return item;
  }
}
