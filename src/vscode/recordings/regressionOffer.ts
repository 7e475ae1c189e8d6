import * as vscode from 'vscode';
import type { RecordingSummary } from '../../shared/recording';
import type { RecordingsView } from './recordingsView';

/**
 * After "Ask Copilot to Fix" on a recording, waits for a replay of it that ends `not reproduced`
 * (Copilot checks its fix with replay_recording), then offers to keep the fix with a regression test.
 */
export class RegressionOffer implements vscode.Disposable {
  /** Recording id → the replay time it had when Copilot was asked (a later one is Copilot's check). */
  private readonly waiting = new Map<string, number | undefined>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly view: RecordingsView,
    private readonly addTest: (row: RecordingSummary) => Thenable<unknown>,
  ) {
    this.subscription = view.onDidChangeTreeData(() => this.check());
  }

  watch(row: RecordingSummary): void {
    const current = this.view.recordings.find((candidate) => candidate.id === row.id) ?? row;
    this.waiting.set(row.id, current.lastReplayAt);
  }

  private check(): void {
    for (const row of this.view.recordings) {
      if (!this.waiting.has(row.id) || row.lastReplayAt === this.waiting.get(row.id)) continue;
      if (row.lastVerdict !== 'not reproduced') {
        this.waiting.set(row.id, row.lastReplayAt);
        continue;
      }
      this.waiting.delete(row.id);
      void this.offer(row);
    }
  }

  private async offer(row: RecordingSummary): Promise<void> {
    const choice = await vscode.window.showInformationMessage(
      `"${row.title}" is not reproduced after the fix. Add a regression test so it stays fixed?`,
      'Add Regression Test',
    );
    if (choice === 'Add Regression Test') await this.addTest(row);
  }

  dispose(): void {
    this.subscription.dispose();
    this.waiting.clear();
  }
}
