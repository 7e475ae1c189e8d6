import * as vscode from 'vscode';
import { meetsLevel, type LogLevel } from '../../shared/levels';
import { GroupedView, isGroup } from './groupedView';
import type { ConsoleEntry } from '../captureFeed';
import { pageLabel, type Group } from './pageLoadGroups';

type Node = Group<ConsoleEntry> | ConsoleEntry;

const ICONS: Record<LogLevel, [string, string | undefined]> = {
  error: ['error', 'errorForeground'],
  warn: ['warning', 'editorWarning.foreground'],
  info: ['info', 'editorInfo.foreground'],
  log: ['output', undefined],
  debug: ['debug', 'descriptionForeground'],
};

export function levelOf(entry: ConsoleEntry): LogLevel {
  return entry.type === 'console-error' ? 'error' : entry.level;
}

function shortSource(source: string | undefined): string {
  if (!source) return '';
  // DevTools style: file name and line.
  const match = /([^/:]+):(\d+)(?::\d+)?$/.exec(source);
  return match ? `${match[1]}:${match[2]}` : source;
}

/** The Console view: entries grouped by page load, newest first, filtered by a minimum level. */
export class ConsoleView extends GroupedView<ConsoleEntry> {
  minimumLevel: LogLevel = 'debug';

  protected entries(): readonly ConsoleEntry[] {
    return this.minimumLevel === 'debug' ? this.feed.console : this.feed.console.filter((entry) => meetsLevel(levelOf(entry), this.minimumLevel));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `console-page-${node.pageLoadId}`;
      item.description = `${node.entries.length}`;
      item.iconPath = new vscode.ThemeIcon('browser');
      item.tooltip = node.page?.url;
      return item;
    }
    const level = levelOf(node);
    const [icon, color] = ICONS[level];
    const item = new vscode.TreeItem(node.message.split('\n')[0]!.slice(0, 200), vscode.TreeItemCollapsibleState.None);
    item.id = `console-${node.id}`;
    item.description = shortSource(node.source);
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = 'consoleEntry';
    item.tooltip = tooltip(node, level);
    item.command = { command: 'browserDebug.jumpToSource', title: 'Go to Source', arguments: [node] };
    return item;
  }
}

function tooltip(entry: ConsoleEntry, level: LogLevel): vscode.MarkdownString {
  const stack = Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
  const markdown = new vscode.MarkdownString();
  markdown.appendMarkdown(`**${level.toUpperCase()}** ${new Date(entry.timestamp).toLocaleTimeString()}\n\n`);
  markdown.appendCodeblock(entry.message.slice(0, 4000), 'text');
  if (stack) markdown.appendCodeblock(stack.slice(0, 4000), 'text');
  return markdown;
}
