import * as vscode from 'vscode';
import type { StoredEntry } from '../shared/protocol';
import type { CaptureFeed, ConsoleEntry } from './captureFeed';
import type { SourceNavigator } from './sourceNavigator';

const MAX_DIAGNOSTICS = 500;

/** Browser errors that map to workspace files show in the Problems panel, and go when captures are cleared. */
export class BrowserDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('browser-debug');
  private readonly byFile = new Map<string, vscode.Diagnostic[]>();
  private count = 0;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    feed: CaptureFeed,
    private readonly navigator: SourceNavigator,
  ) {
    this.subscriptions = [feed.onDidAdd((entries) => void this.add(entries)), feed.onDidClear(() => this.clear())];
  }

  clear(): void {
    this.byFile.clear();
    this.count = 0;
    this.collection.clear();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.collection.dispose();
  }

  private async add(entries: StoredEntry[]): Promise<void> {
    for (const entry of entries) {
      if (this.count >= MAX_DIAGNOSTICS) return;
      if (entry.type !== 'console-error' && !(entry.type === 'console-log' && entry.level === 'error')) continue;
      const location = await this.navigator.locate(entry as ConsoleEntry);
      if (!location) continue;
      const position = new vscode.Position(location.line, location.column);
      const message = entry.message.split('\n')[0]!;
      const key = location.uri.toString();
      const known = this.byFile.get(key) ?? [];
      // A repeat (React's StrictMode runs effects twice) is one problem, not two.
      if (known.some((item) => item.message === message && item.range.start.isEqual(position))) continue;
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(position, position.translate(0, 1)),
        message,
        vscode.DiagnosticSeverity.Error,
      );
      diagnostic.source = 'Browser Debug';
      const list = [...known, diagnostic];
      this.byFile.set(key, list);
      this.collection.set(location.uri, list);
      this.count++;
    }
  }
}
