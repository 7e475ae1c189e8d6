import * as vscode from 'vscode';
import type { RecordingSummary } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import { recordingWhen } from './recordingsView';

/** The picked row, else a quick pick of the recordings (commands from the palette come without a row). */
export async function chooseRecording(
  app: CommandContext,
  action: string,
  includeRunning = false,
  row?: RecordingSummary,
): Promise<RecordingSummary | undefined> {
  if (row) return row;
  await app.recordingsView.reload();
  const rows = app.recordingsView.recordings.filter((item) => includeRunning || item.state === 'stopped');
  if (!rows.length) {
    void vscode.window.showInformationMessage('There is no recording yet: run "Browser Debug: Start Recording".');
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    rows.map((item) => ({ label: item.title, description: recordingWhen(item), detail: item.id, item })),
    { placeHolder: `Recording to ${action}` },
  );
  return pick?.item;
}
