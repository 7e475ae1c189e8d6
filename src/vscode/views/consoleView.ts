import * as vscode from 'vscode';
import { locationLabel } from '../../shared/entryLocation';
import { foldedLabel, foldFrames } from '../../shared/frameFolding';
import { meetsLevel, type LogLevel } from '../../shared/levels';
import { collapseRepeats, consoleRepeatKey, repeatSuffix } from '../../shared/repeats';
import type { MappedFrame } from '../../shared/stackFrames';
import { GroupedView, isGroup } from './groupedView';
import type { CaptureFeed, ConsoleEntry } from '../captureFeed';
import type { EntryLocations } from '../entryLocations';
import { pageLabel, type Group } from './pageLoadGroups';
import { safeTreeItem } from './safeTreeItem';

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

/** The Console view: entries grouped by page load, newest first, filtered by a minimum level. */
export class ConsoleView extends GroupedView<ConsoleEntry> {
  minimumLevel: LogLevel = 'debug';
  /** How many identical consecutive entries each shown row stands for. */
  private readonly repeats = new WeakMap<ConsoleEntry, number>();
  private readonly locatedSubscription: vscode.Disposable;

  constructor(
    feed: CaptureFeed,
    private readonly locations: EntryLocations,
  ) {
    super(feed);
    // Rows show the original location once its map arrives.
    this.locatedSubscription = locations.onDidLocate(() => this.changed.fire(undefined));
  }

  override getChildren(node?: Node): Node[] {
    if (!node || !isGroup(node)) return super.getChildren(node);
    const runs = collapseRepeats(node.entries, (entry) => consoleRepeatKey(entry, this.locations.label(entry)));
    for (const run of runs) this.repeats.set(run.entry, run.entries.length);
    return runs.map((run) => run.entry);
  }

  override dispose(): void {
    this.locatedSubscription.dispose();
    super.dispose();
  }

  protected entries(): readonly ConsoleEntry[] {
    return this.minimumLevel === 'debug'
      ? this.feed.console
      : this.feed.console.filter((entry) => meetsLevel(levelOf(entry), this.minimumLevel));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `console-page-${node.pageLoadId}`;
      item.description = `${node.entries.length}`;
      item.iconPath = new vscode.ThemeIcon('browser');
      item.tooltip = node.page?.url;
      return safeTreeItem(item);
    }
    const level = levelOf(node);
    const [icon, color] = ICONS[level];
    const item = new vscode.TreeItem(node.message.split('\n')[0]!.slice(0, 200), vscode.TreeItemCollapsibleState.None);
    item.id = `console-${node.id}`;
    item.description = `${this.locations.shortLabel(node)}${repeatSuffix(this.repeats.get(node) ?? 1)}`.trim();
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = 'consoleEntry';
    item.tooltip = tooltip(node, level, this.locations.peek(node)?.frames);
    item.command = { command: 'browserDebug.jumpToSource', title: 'Go to Source', arguments: [node] };
    return safeTreeItem(item);
  }
}

/** The stack, mapped and with framework frames folded once the location is known, else as captured. */
function stackText(entry: ConsoleEntry, frames: readonly MappedFrame[] | undefined): string {
  if (frames?.length)
    return foldFrames(frames)
      .map((line) => ('folded' in line ? foldedLabel(line) : frameLine(line.frame)))
      .join('\n');
  return Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
}

function frameLine(frame: MappedFrame): string {
  const name = frame.original?.name ?? frame.functionName;
  return `at ${name ? `${name} ` : ''}${locationLabel(frame)}`;
}

function tooltip(
  entry: ConsoleEntry,
  level: LogLevel,
  frames: readonly MappedFrame[] | undefined,
): vscode.MarkdownString {
  const stack = stackText(entry, frames);
  const markdown = new vscode.MarkdownString();
  markdown.appendMarkdown(`**${level.toUpperCase()}** ${new Date(entry.timestamp).toLocaleTimeString()}\n\n`);
  markdown.appendCodeblock(entry.message.slice(0, 4000), 'text');
  if (stack) markdown.appendCodeblock(stack.slice(0, 4000), 'text');
  return markdown;
}
