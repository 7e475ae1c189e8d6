import * as vscode from 'vscode';
import type { RecordingSummary, ReplayVerdict } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { askCopilot } from './askCopilot';
import { chooseRecording } from './chooseRecording';

/**
 * Replays with a cancellable progress notification. Cancel hangs up the HTTP request; the connector
 * then stops before the next step and keeps the last full verdict.
 */
export async function replayRecording(app: CommandContext, row?: RecordingSummary): Promise<ReplayVerdict | undefined> {
  const recording = await chooseRecording(app, 'replay', false, row);
  if (!recording) return undefined;
  const abort = new AbortController();
  try {
    const verdict = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Replaying "${recording.title}"…`,
        cancellable: true,
      },
      (_progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        return callConnector<ReplayVerdict>(
          app.session.port,
          'POST',
          `/recordings/${recording.id}/replay`,
          {},
          abort.signal,
        );
      },
    );
    await app.recordingsView.reload();
    app.dashboard.showVerdict(verdict, recording.title);
    void announce(app, recording, verdict);
    return verdict;
  } catch (error) {
    if (abort.signal.aborted) {
      void vscode.window.showInformationMessage(
        `Replay of "${recording.title}" cancelled: the browser stopped replaying.`,
      );
      return undefined;
    }
    await showFailure('replay the recording', error);
    return undefined;
  }
}

/** The run a verdict names (`runId`, once runs are kept with recordings); the newest run when absent. */
function verdictRunId(verdict: ReplayVerdict): string | undefined {
  const runId = (verdict as { runId?: unknown }).runId;
  return typeof runId === 'string' ? runId : undefined;
}

/** The verdict as a notification: a bug still there is a warning, with the fix one click away. */
async function announce(app: CommandContext, recording: RecordingSummary, verdict: ReplayVerdict): Promise<void> {
  const text = `Replay of "${recording.title}": ${verdict.summary}`;
  const show =
    verdict.verdict === 'not reproduced' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
  const choice = await show(text, 'Ask Copilot to Fix', 'Open Replay Viewer', 'Open Dashboard');
  if (choice === 'Ask Copilot to Fix') await askCopilot(app, recording);
  if (choice === 'Open Replay Viewer')
    await vscode.commands.executeCommand('browserDebug.openReplayViewer', recording, verdictRunId(verdict));
  if (choice === 'Open Dashboard') app.dashboard.show();
}
