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
  /** The list as last drawn, and the `browserDebug.recording` context key as last set. */
  private shown: string | undefined;
  private recordingContext: boolean | undefined;

  constructor(private readonly port: () => number | undefined) {
    super();
  }

  get running(): RecordingSummary | undefined {
    return this.rows.find((row) => row.state === 'recording');
  }

  get recordings(): readonly RecordingSummary[] {
    return this.rows;
  }

  /** Reads the list again, then redraws if it changed; errors leave the last list in place. */
  reload(): Promise<void> {
    this.loading ??= callConnector<{ recordings: RecordingSummary[] }>(this.port(), 'GET', '/recordings')
      .then((answer) => {
        // An unchanged list is not redrawn: a redraw would also close a context menu the user opened.
        const fresh = JSON.stringify(answer.recordings);
        if (fresh === this.shown) return;
        this.shown = fresh;
        this.rows = answer.recordings;
        const recording = Boolean(this.running);
        if (recording !== this.recordingContext) {
          this.recordingContext = recording;
          void vscode.commands.executeCommand('setContext', 'browserDebug.recording', recording);
        }
        this.refresh();
      })
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  getChildren(row?: RecordingSummary): RecordingSummary[] {
    return row ? [] : this.rows;
  }

  getTreeItem(row: RecordingSummary): vscode.TreeItem {
    const item = new vscode.TreeItem(row.title, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    const when = recordingWhen(row);
    if (row.state === 'recording') {
      item.description = `${when} · recording…`;
      item.iconPath = new vscode.ThemeIcon('record', new vscode.ThemeColor('errorForeground'));
      item.contextValue = 'recordingRunning';
    } else {
      item.description = `${when} · ${row.steps} steps · ${row.errors} errors${row.lastVerdict ? ` · ${row.lastVerdict}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(row.lastVerdict ? VERDICT_ICON[row.lastVerdict]! : 'debug-alt');
      item.contextValue = 'recording';
      item.command = { command: 'browserDebug.openRecording', title: 'Open', arguments: [row] };
    }
    item.tooltip = `${row.title}\n${row.id} — ${new Date(row.startedAt).toLocaleString()}${row.imported ? ' (imported)' : ''}`;
    return safeTreeItem(item);
  }
}

/** `14:03` today, `12 Nov 14:03` on another day: when the recording started, in the row itself. */
export function recordingWhen(row: RecordingSummary, now = new Date()): string {
  const started = new Date(row.startedAt);
  const time = started.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (started.toDateString() === now.toDateString()) return time;
  return `${started.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}
