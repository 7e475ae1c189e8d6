import * as vscode from 'vscode';
import type { RecordingDetail, RecordingSummary } from '../../shared/recording';
import type { CommandContext, CommandHandler } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { askCopilot } from './askCopilot';
import { chooseRecording } from './chooseRecording';
import { findLeaks } from './findLeaks';
import { replayRecording } from './replayRecording';

/** The Recordings view's commands; package.json contributes the same ids. */
export const RECORDING_COMMANDS: Record<string, CommandHandler> = {
  'browserDebug.startRecording': (app) => startRecording(app),
  'browserDebug.stopRecording': (app) => stopRecording(app),
  'browserDebug.replayRecording': (app, row?: RecordingSummary) => replayRecording(app, row),
  'browserDebug.findLeaks': (app, row?: RecordingSummary) => findLeaks(app, row),
  'browserDebug.renameRecording': (app, row?: RecordingSummary, title?: string) => renameRecording(app, row, title),
  'browserDebug.deleteRecording': (app, row?: RecordingSummary) => deleteRecording(app, row),
  'browserDebug.openRecording': (app, row?: RecordingSummary) => openRecording(app, row),
  'browserDebug.askCopilotToFix': (app, target?: RecordingSummary | ConsoleEntry) => askCopilot(app, target),
};

async function startRecording(app: CommandContext): Promise<RecordingSummary | undefined> {
  try {
    const started = await callConnector<RecordingSummary>(app.session.port, 'POST', '/recordings', {});
    await app.recordingsView.reload();
    void vscode.window.showInformationMessage(
      `Recording in your browser tab: reproduce the bug, then run "Browser Debug: Stop Recording" (or click Recording in the status bar).`,
    );
    return started;
  } catch (error) {
    await showFailure('start recording', error);
    return undefined;
  }
}

async function stopRecording(app: CommandContext): Promise<RecordingDetail | undefined> {
  await app.recordingsView.reload();
  const running = app.recordingsView.running;
  if (!running) return void vscode.window.showInformationMessage('No recording is running.');
  try {
    const detail = await callConnector<RecordingDetail>(app.session.port, 'POST', `/recordings/${running.id}/stop`, {});
    await app.recordingsView.reload();
    return detail;
  } catch (error) {
    await showFailure('stop the recording', error);
    return undefined;
  }
}

/** Asks for the new title (prefilled) unless given; the connector saves it in the recording's file. */
async function renameRecording(
  app: CommandContext,
  row?: RecordingSummary,
  given?: string,
): Promise<RecordingSummary | undefined> {
  const recording = row ?? (await chooseRecording(app, 'rename', true));
  if (!recording) return undefined;
  const title =
    given ??
    (await vscode.window.showInputBox({
      title: 'Rename Recording',
      prompt: 'A name that says what the recording reproduces',
      value: recording.title,
      validateInput: (value) => (value.trim() ? undefined : 'Enter a name.'),
    }));
  if (!title?.trim() || title.trim() === recording.title) return undefined;
  try {
    const renamed = await callConnector<RecordingSummary>(app.session.port, 'PATCH', `/recordings/${recording.id}`, {
      title,
    });
    await app.recordingsView.reload();
    return renamed;
  } catch (error) {
    await showFailure('rename the recording', error);
    return undefined;
  }
}

/** Deleting removes the saved file, so it asks first (modal). */
async function deleteRecording(app: CommandContext, row?: RecordingSummary): Promise<boolean> {
  const recording = row ?? (await chooseRecording(app, 'delete'));
  if (!recording) return false;
  const choice = await vscode.window.showWarningMessage(
    `Delete the recording "${recording.title}"?`,
    { modal: true, detail: 'Its steps and the errors they led to are removed from disk. This cannot be undone.' },
    'Delete',
  );
  if (choice !== 'Delete') return false;
  try {
    await callConnector(app.session.port, 'DELETE', `/recordings/${recording.id}`);
    await app.recordingsView.reload();
    return true;
  } catch (error) {
    await showFailure('delete the recording', error);
    return false;
  }
}

/** The saved JSON file when this machine has it, else the connector's answer in an untitled editor. */
async function openRecording(app: CommandContext, row?: RecordingSummary): Promise<void> {
  const recording = await chooseRecording(app, 'open', false, row);
  if (!recording) return;
  try {
    const detail = await callConnector<RecordingDetail>(app.session.port, 'GET', `/recordings/${recording.id}`);
    const document = detail.path
      ? await vscode.workspace.openTextDocument(vscode.Uri.file(detail.path)).then(undefined, () => undefined)
      : undefined;
    await vscode.window.showTextDocument(
      document ??
        (await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(detail, null, 2) })),
      { preview: true },
    );
  } catch (error) {
    await showFailure('open the recording', error);
  }
}
