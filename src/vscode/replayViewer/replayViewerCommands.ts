import * as vscode from 'vscode';
import type { RecordingSummary } from '../../shared/recording';
import type { CommandContext, CommandHandler } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';
import { showFailure } from '../failures';
import { chooseRecording } from '../recordings/chooseRecording';
import { loadRun } from './runData';

/** The error the viewer's row names: the captured error with that text nearest in time (the feed keeps its stack). */
export function errorEntryAt(
  entries: readonly ConsoleEntry[],
  error: { at: number; text: string },
): ConsoleEntry | undefined {
  const candidates = entries.filter(
    (entry) =>
      (entry.type === 'console-error' || entry.level === 'error') && error.text.includes(entry.message.slice(0, 200)),
  );
  return candidates.sort((a, b) => Math.abs(a.timestamp - error.at) - Math.abs(b.timestamp - error.at))[0];
}

/** Opens the viewer on a recording's run: the one named, else its newest. */
async function openReplayViewer(app: CommandContext, row?: RecordingSummary, runId?: string): Promise<void> {
  const recording = await chooseRecording(app, 'view', false, row);
  if (!recording) return;
  try {
    const run = await loadRun(app.session.port, app.replayVideosFolder, recording.id, runId);
    app.replayViewer.show(recording.title, run);
  } catch (error) {
    await showFailure('open the replay viewer', error);
  }
}

/** Jump to source from the viewer's error row; says so when the error has no place in the workspace. */
export async function jumpToRunError(app: CommandContext, error: { at: number; text: string }): Promise<void> {
  const entry = errorEntryAt(app.feed.console, error);
  if (entry && (await app.navigator.open(entry))) return;
  void vscode.window.showInformationMessage(
    'Browser Debug has no source location for this error (it is no longer in the console, or has no stack).',
  );
}

export const REPLAY_VIEWER_COMMANDS: Record<string, CommandHandler> = {
  'browserDebug.openReplayViewer': (app, row?: RecordingSummary, runId?: string) => openReplayViewer(app, row, runId),
};
