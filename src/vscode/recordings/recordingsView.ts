import * as vscode from 'vscode';
import type { RecordingSummary } from '../../shared/recording';
import { callConnector } from '../connectorClient';
import { RefreshableView } from '../views/refreshableView';
import { safeTreeItem } from '../views/safeTreeItem';

const VERDICT_ICON: Record<string, string> = { reproduced: 'bug', 'not reproduced': 'pass', diverged: 'warning' };

/**
 * The Recordings view: one row per recording from the connector (GET /recordings), the running one on
 * top. `browserDebug.recording` tells the title bar whether to show Record or Stop.
 */
export class RecordingsView extends RefreshableView<RecordingSummary> {
  private rows: RecordingSummary[] = [];
  private loading: Promise<void> | undefined;

  constructor(private readonly port: () => number | undefined) {
    super();
  }

  get running(): RecordingSummary | undefined {
    return this.rows.find((row) => row.state === 'recording');
  }

  get recordings(): readonly RecordingSummary[] {
    return this.rows;
  }

  /** Reads the list again, then redraws; errors leave the last list in place. */
  reload(): Promise<void> {
    this.loading ??= callConnector<{ recordings: RecordingSummary[] }>(this.port(), 'GET', '/recordings')
      .then((answer) => {
        this.rows = answer.recordings;
      })
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
        void vscode.commands.executeCommand('setContext', 'browserDebug.recording', Boolean(this.running));
        this.refresh();
      });
    return this.loading;
  }

  getChildren(row?: RecordingSummary): RecordingSummary[] {
    return row ? [] : this.rows;
  }

  getTreeItem(row: RecordingSummary): vscode.TreeItem {
    const item = new vscode.TreeItem(row.title, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    const when = new Date(row.startedAt).toLocaleString();
    if (row.state === 'recording') {
      item.description = 'recording…';
      item.iconPath = new vscode.ThemeIcon('record', new vscode.ThemeColor('errorForeground'));
      item.contextValue = 'recordingRunning';
    } else {
      item.description = `${row.steps} steps · ${row.errors} errors${row.lastVerdict ? ` · ${row.lastVerdict}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(row.lastVerdict ? VERDICT_ICON[row.lastVerdict]! : 'debug-alt');
      item.contextValue = 'recording';
      item.command = { command: 'browserDebug.openRecording', title: 'Open', arguments: [row] };
    }
    item.tooltip = `${row.id} — ${when}${row.imported ? ' (imported)' : ''}`;
    return safeTreeItem(item);
  }
}
