import * as vscode from 'vscode';
import type { LeakGroup, LeakReport } from '../../shared/leaks';
import type { RecordingSummary } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { chooseRecording } from './chooseRecording';

/**
 * "Find Leaks…" on a recording: the leak check with a cancellable progress notification (cancel hangs up;
 * the connector stops between steps, or ends the analysis), then the verdict, with each group one click
 * from the source line that keeps it, in the dashboard's leak view.
 */
export async function findLeaks(app: CommandContext, row?: RecordingSummary): Promise<LeakReport | undefined> {
  const recording = await chooseRecording(app, 'check for leaks', false, row);
  if (!recording) return undefined;
  const abort = new AbortController();
  try {
    const report = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Finding leaks in "${recording.title}" (replays it 7 times with heap snapshots)…`,
        cancellable: true,
      },
      (_progress, token) => {
        token.onCancellationRequested(() => abort.abort());
        return callConnector<LeakReport>(
          app.session.port,
          'POST',
          `/recordings/${recording.id}/leaks`,
          {},
          abort.signal,
        );
      },
    );
    app.dashboard.showLeaks(report, recording.title);
    void announce(app, recording, report);
    return report;
  } catch (error) {
    if (abort.signal.aborted) {
      void vscode.window.showInformationMessage(`Leak check of "${recording.title}" cancelled.`);
      return undefined;
    }
    await showFailure('find leaks in the recording', error);
    return undefined;
  }
}

function where(leak: LeakGroup): string {
  return leak.location ? `${leak.location.file}:${leak.location.line}` : 'no closure on its path';
}

/** The verdict as a notification too (the dashboard shows the chart and every group); "Open Source" opens the top one. */
async function announce(app: CommandContext, recording: RecordingSummary, report: LeakReport): Promise<void> {
  if (report.verdict === 'no-leak') {
    void vscode.window.showInformationMessage(
      `No leak in "${recording.title}": nothing grew over ${report.iterations} iterations and stayed after GC.`,
    );
    return;
  }
  const top = report.leaks[0]!;
  const choice = await vscode.window.showWarningMessage(
    `Leak in "${recording.title}": ${report.growthPerIteration.objects} objects (${Math.round(report.growthPerIteration.bytes / 1024)} KB) per iteration; ${top.name} held by ${where(top)}.`,
    'Open Source',
  );
  if (choice === 'Open Source') await openLeak(app, top);
}

function openLeak(app: CommandContext, leak: LeakGroup): Promise<boolean> {
  if (!leak.location) return Promise.resolve(false);
  return app.navigator.openFrame({ url: leak.location.url, line: leak.location.line, column: leak.location.column });
}
