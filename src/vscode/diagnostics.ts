import * as vscode from 'vscode';
import type { StoredEntry } from '../shared/protocol';
import type { CaptureFeed, ConsoleEntry } from './captureFeed';
import type { SourceNavigator } from './sourceNavigator';

const MAX_DIAGNOSTICS = 500;

/** A problem and the tab that reported it (to show one agent's tabs only). */
interface Problem {
  diagnostic: vscode.Diagnostic;
  tabId?: number;
}

/** One page load's problems: file → message → the problem (its newest position). */
type LoadProblems = Map<string, { uri: vscode.Uri; byMessage: Map<string, Problem> }>;

/**
 * Browser errors that map to workspace files show in the Problems panel, per page load. The next load
 * of the same page (origin and path) replaces the previous load's problems, so an error fixed and
 * reloaded is gone, and a line that moved is one entry. Clearing the captures empties it.
 */
export class BrowserDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('browser-debug');
  private readonly loads = new Map<string, LoadProblems>();
  /** page (origin + path) → its newest load. */
  private readonly latestLoad = new Map<string, string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly subscriptions: vscode.Disposable[];
  /** Only problems of these tabs show (one agent's, see filterTabs); all while undefined. */
  private tabs: Set<number> | undefined;
  /** Asked about a problem's tab outside the filter: true adds it (a tab the agent opened since). */
  private claims: ((tabId: number) => Promise<boolean>) | undefined;

  constructor(
    private readonly feed: CaptureFeed,
    private readonly navigator: SourceNavigator,
  ) {
    this.subscriptions = [
      // In order: a load's page-navigated must be seen before its errors, and a batch after the one before.
      feed.onDidAdd((entries) => void (this.queue = this.queue.then(() => this.add(entries)))),
      feed.onDidClear(() => this.clear()),
    ];
  }

  /** What Problems shows now, for tests and the status bar. */
  get size(): number {
    let count = 0;
    for (const load of this.loads.values()) for (const file of load.values()) count += file.byMessage.size;
    return count;
  }

  /**
   * Shows only the problems that these tabs reported (an agent's own tabs), or every problem again with
   * undefined. The problems are kept either way, so lifting the filter shows them all. `claims` is asked
   * when a problem comes from a tab outside the filter, so the filter follows tabs opened after it was set.
   */
  filterTabs(tabs: ReadonlySet<number> | undefined, claims?: (tabId: number) => Promise<boolean>): void {
    this.tabs = tabs && new Set(tabs);
    this.claims = tabs && claims;
    const every = new Set<string>();
    for (const load of this.loads.values()) for (const key of load.keys()) every.add(key);
    this.publish(every);
  }

  clear(): void {
    this.loads.clear();
    this.latestLoad.clear();
    this.collection.clear();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.collection.dispose();
  }

  private async add(entries: StoredEntry[]): Promise<void> {
    const touched = new Set<string>();
    for (const entry of entries) {
      if (entry.type === 'page-navigated') this.newLoad(pageKey(entry.url), entry.pageLoadId, touched);
      else if (entry.type === 'console-error' || (entry.type === 'console-log' && entry.level === 'error'))
        await this.addError(entry, touched);
    }
    await this.widenFilter(entries);
    this.publish(touched);
  }

  /** Adds to the filter the new tabs of these entries' problems that `claims` says belong to it. */
  private async widenFilter(entries: StoredEntry[]): Promise<void> {
    const { tabs, claims } = this;
    if (!tabs || !claims) return;
    const unknown = new Set<number>();
    for (const entry of entries)
      if (entry.type === 'console-error' || entry.type === 'console-log')
        if (entry.tabId !== undefined && !tabs.has(entry.tabId)) unknown.add(entry.tabId);
    for (const tabId of unknown) if (await claims(tabId).catch(() => false)) tabs.add(tabId);
  }

  private newLoad(page: string, pageLoadId: string, touched: Set<string>): void {
    const previous = this.latestLoad.get(page);
    this.latestLoad.set(page, pageLoadId);
    if (previous === undefined || previous === pageLoadId) return;
    for (const key of this.loads.get(previous)?.keys() ?? []) touched.add(key);
    this.loads.delete(previous);
  }

  private async addError(entry: ConsoleEntry, touched: Set<string>): Promise<void> {
    const load = this.feed.pageLoads.get(entry.pageLoadId);
    const page = load ? pageKey(load.url) : entry.pageLoadId;
    // A late error from a load already replaced does not come back.
    const latest = this.latestLoad.get(page);
    if (latest !== undefined && latest !== entry.pageLoadId) return;
    if (latest === undefined) this.latestLoad.set(page, entry.pageLoadId);
    if (this.size >= MAX_DIAGNOSTICS) return;
    const location = await this.navigator.locate(entry);
    if (!location) return;
    const position = new vscode.Position(location.line, location.column);
    const message = entry.message.split('\n')[0]!;
    const key = location.uri.toString();
    const problems = this.loads.get(entry.pageLoadId) ?? new Map();
    this.loads.set(entry.pageLoadId, problems);
    const file = problems.get(key) ?? { uri: location.uri, byMessage: new Map() };
    problems.set(key, file);
    // A repeat (React's StrictMode runs effects twice) is one problem, and a message keeps its newest line.
    if (file.byMessage.get(message)?.diagnostic.range.start.isEqual(position)) return;
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(position, position.translate(0, 1)),
      message,
      vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = 'Browser Debug';
    file.byMessage.delete(message);
    file.byMessage.set(message, { diagnostic, tabId: entry.tabId });
    touched.add(key);
  }

  /** Every touched file gets the union of its problems over the current loads (or none), within the tab filter. */
  private publish(touched: Set<string>): void {
    for (const key of touched) {
      const list: vscode.Diagnostic[] = [];
      let uri: vscode.Uri | undefined;
      for (const load of this.loads.values()) {
        const file = load.get(key);
        if (!file) continue;
        uri = file.uri;
        for (const { diagnostic, tabId } of file.byMessage.values())
          if (!this.tabs || (tabId !== undefined && this.tabs.has(tabId))) list.push(diagnostic);
      }
      this.collection.set(uri ?? vscode.Uri.parse(key), list);
    }
  }
}

/** The page a load belongs to: origin and path, without query or hash. */
function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin + parsed.pathname;
  } catch {
    return url;
  }
}
