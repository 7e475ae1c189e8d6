import * as vscode from 'vscode';
import { safeLine, safeText } from '../../shared/safeText';

/**
 * A tree item with page data made harmless: control characters and bidi overrides in its label,
 * description and tooltip are written out visibly (see safeText). Every Browser Debug view returns
 * its items through this.
 */
export function safeTreeItem(item: vscode.TreeItem): vscode.TreeItem {
  if (typeof item.label === 'string') item.label = safeLine(item.label);
  else if (item.label) item.label = { ...item.label, label: safeLine(item.label.label) };
  if (typeof item.description === 'string') item.description = safeLine(item.description);
  if (typeof item.tooltip === 'string') item.tooltip = safeText(item.tooltip);
  else if (item.tooltip) {
    const markdown = new vscode.MarkdownString(safeText(item.tooltip.value), item.tooltip.supportThemeIcons);
    markdown.isTrusted = item.tooltip.isTrusted;
    markdown.supportHtml = item.tooltip.supportHtml;
    item.tooltip = markdown;
  }
  return item;
}
