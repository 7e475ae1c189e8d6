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
  if (item.tooltip !== undefined) item.tooltip = safeTooltip(item.tooltip);
  return item;
}

/** A tooltip made harmless the same way (for tooltips filled in later, by `resolveTreeItem`). */
export function safeTooltip(tooltip: string | vscode.MarkdownString): string | vscode.MarkdownString {
  if (typeof tooltip === 'string') return safeText(tooltip);
  const markdown = new vscode.MarkdownString(safeText(tooltip.value), tooltip.supportThemeIcons);
  markdown.isTrusted = tooltip.isTrusted;
  markdown.supportHtml = tooltip.supportHtml;
  return markdown;
}
