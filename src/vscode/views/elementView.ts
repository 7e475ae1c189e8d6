import * as vscode from 'vscode';
import { RefreshableView } from './refreshableView';
import type { CaptureFeed } from '../captureFeed';
import { safeTreeItem } from './safeTreeItem';

interface Row {
  label: string;
  value: string;
  children?: Row[];
}

/** The Element view: the element selected in DevTools, field by field. */
export class ElementView extends RefreshableView<Row> {
  constructor(private readonly feed: CaptureFeed) {
    super();
  }

  getChildren(row?: Row): Row[] {
    if (row) return row.children ?? [];
    const element = this.feed.element?.element;
    if (!element) return [];
    const { width, height, top, left } = element.dimensions;
    return [
      { label: 'tag', value: element.tagName.toLowerCase() },
      { label: 'id', value: element.id || '—' },
      { label: 'classes', value: element.className || '—' },
      { label: 'selector', value: element.selector ?? '—' },
      {
        label: 'size',
        value: `${Math.round(width)} × ${Math.round(height)} at (${Math.round(left)}, ${Math.round(top)})`,
      },
      {
        label: 'attributes',
        value: `${Object.keys(element.attributes).length}`,
        children: Object.entries(element.attributes).map(([label, value]) => ({ label, value })),
      },
      { label: 'text', value: element.textContent.replace(/\s+/g, ' ').trim().slice(0, 200) || '—' },
    ];
  }

  getTreeItem(row: Row): vscode.TreeItem {
    const item = new vscode.TreeItem(
      row.label,
      row.children?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.description = row.value;
    item.tooltip = row.value;
    return safeTreeItem(item);
  }
}
