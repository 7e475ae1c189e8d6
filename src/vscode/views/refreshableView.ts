import * as vscode from 'vscode';

/** What every Browser Debug tree shares: a change event, a full refresh, and disposal. */
export abstract class RefreshableView<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  protected readonly changed = new vscode.EventEmitter<T | T[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  abstract getChildren(node?: T): T[];
  abstract getTreeItem(node: T): vscode.TreeItem;

  refresh(): void {
    this.changed.fire(undefined);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
