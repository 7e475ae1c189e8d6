import * as vscode from 'vscode';
import { contextLabel } from '../../shared/captureContext';
import { locationLabel } from '../../shared/entryLocation';
import { foldedLabel, foldFrames } from '../../shared/frameFolding';
import { meetsLevel, type LogLevel } from '../../shared/levels';
import { collapseRepeats, consoleRepeatKey, repeatSuffix } from '../../shared/repeats';
import type { MappedFrame } from '../../shared/stackFrames';
import { levelOf } from '../../shared/levels';
import { consoleContextValue } from './consoleLevel';
import { GroupedView, isGroup } from './groupedView';
import type { CaptureFeed, ConsoleEntry } from '../captureFeed';
import type { EntryLocations } from '../entryLocations';
import { pageDescription, pageLabel, type Group } from './pageLoadGroups';
import { RefreshThrottle } from './refreshThrottle';
import { safeTooltip, safeTreeItem } from './safeTreeItem';

type Node = Group<ConsoleEntry> | ConsoleEntry;

const ICONS: Record<LogLevel, [string, string | undefined]> = {
  error: ['error', 'errorForeground'],
  warn: ['warning', 'editorWarning.foreground'],
  info: ['info', 'editorInfo.foreground'],
  log: ['output', undefined],
  debug: ['debug', 'descriptionForeground'],
};

export { levelOf };

/** The Console view: entries grouped by page load, newest first, filtered by a minimum level. */
export class ConsoleView extends GroupedView<ConsoleEntry> {
  private level: LogLevel = 'debug';
  private readonly filterChanged = new vscode.EventEmitter<LogLevel>();
  /** The level filter changed (the view's description names it). */
  readonly onDidChangeFilter = this.filterChanged.event;
  /** How many identical consecutive entries each shown row stands for. */
  private readonly repeats = new WeakMap<ConsoleEntry, number>();
  private readonly locatedSubscription: vscode.Disposable;
  private readonly relabel = new RefreshThrottle(1000, () => this.changed.fire(undefined));

  constructor(
    feed: CaptureFeed,
    private readonly locations: EntryLocations,
  ) {
    super(feed);
    // Rows show the original location once its map arrives (each batch of a busy page is mapped as it comes).
    this.locatedSubscription = locations.onDidLocate(() => this.relabel.request());
  }

  /** Entries below this level are hidden; `debug` shows all. */
  get minimumLevel(): LogLevel {
    return this.level;
  }

  set minimumLevel(level: LogLevel) {
    if (level === this.level) return;
    this.level = level;
    this.filterChanged.fire(level);
  }

  override getChildren(node?: Node): Node[] {
    if (!node || !isGroup(node)) return super.getChildren(node);
    const runs = collapseRepeats(node.entries, (entry) => consoleRepeatKey(entry, this.locations.label(entry)));
    for (const run of runs) this.repeats.set(run.entry, run.entries.length);
    return runs.map((run) => run.entry);
  }

  override dispose(): void {
    this.locatedSubscription.dispose();
    this.relabel.dispose();
    this.filterChanged.dispose();
    super.dispose();
  }

  protected entries(): readonly ConsoleEntry[] {
    return this.minimumLevel === 'debug'
      ? this.feed.console
      : this.feed.console.filter((entry) => meetsLevel(levelOf(entry), this.minimumLevel));
  }

  /**
   * A row's tooltip (the whole message and its stack) is made when VS Code is about to show it, not for
   * every row on every refresh: a live view sends up to 5,000 rows a refresh.
   */
  resolveTreeItem(item: vscode.TreeItem, node: Node): vscode.TreeItem {
    if (!isGroup(node)) item.tooltip ??= safeTooltip(tooltip(node, levelOf(node), this.locations.peek(node)?.frames));
    return item;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isGroup(node)) {
      const item = new vscode.TreeItem(pageLabel(node), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `console-page-${node.pageLoadId}`;
      item.description = pageDescription(node, `${node.entries.length}`);
      item.iconPath = new vscode.ThemeIcon(node.page && !node.page.replaced ? 'circle-large-filled' : 'browser');
      item.tooltip = node.page && `${node.page.url}\nLoaded ${new Date(node.page.startedAt ?? 0).toLocaleString()}`;
      return safeTreeItem(item);
    }
    const level = levelOf(node);
    const [icon, color] = ICONS[level];
    const item = new vscode.TreeItem(node.message.split('\n')[0]!.slice(0, 200), vscode.TreeItemCollapsibleState.None);
    item.id = `console-${node.id}`;
    const where = node.context ? ` · ${contextLabel(node.context)}` : '';
    item.description = `${this.locations.shortLabel(node)}${repeatSuffix(this.repeats.get(node) ?? 1)}${where}`.trim();
    item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
    item.contextValue = consoleContextValue(node);
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
  // The frame's or worker's URL is page data: a code block, never markdown.
  if (entry.context) markdown.appendCodeblock(contextLabel(entry.context).slice(0, 1000), 'text');
  markdown.appendCodeblock(entry.message.slice(0, 4000), 'text');
  if (stack) markdown.appendCodeblock(stack.slice(0, 4000), 'text');
  return markdown;
}
