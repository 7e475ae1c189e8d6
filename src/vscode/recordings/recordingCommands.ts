import * as vscode from 'vscode';
import type { RecordingDetail, RecordingSummary, ReplayVerdict } from '../../shared/recording';
import type { CommandContext } from '../commandContext';
import type { ConsoleEntry } from '../captureFeed';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { copilotPromptForError, copilotPromptForRecording } from './copilotPrompt';

type Handler = (app: CommandContext, ...args: never[]) => unknown;

export function registerRecordingCommands(app: CommandContext): vscode.Disposable[] {
  return Object.entries(RECORDING_COMMANDS).map(([id, handler]) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) =>
      (handler as (app: CommandContext, ...rest: unknown[]) => unknown)(app, ...args),
    ),
  );
}

/** The Recordings view's commands; package.json contributes the same ids. */
export const RECORDING_COMMANDS: Record<string, Handler> = {
  'browserDebug.startRecording': (app) => startRecording(app),
  'browserDebug.stopRecording': (app) => stopRecording(app),
  'browserDebug.replayRecording': (app, row?: RecordingSummary) => replayRecording(app, row),
  'browserDebug.deleteRecording': (app, row?: RecordingSummary) => deleteRecording(app, row),
  'browserDebug.openRecording': (app, row?: RecordingSummary) => openRecording(app, row),
  'browserDebug.askCopilotToFix': (app, target?: RecordingSummary | ConsoleEntry) => askCopilot(app, target),
};

async function startRecording(app: CommandContext): Promise<RecordingSummary | undefined> {
  try {
    const started = await callConnector<RecordingSummary>(app.session.port, 'POST', '/recordings', {});
    await app.recordingsView.reload();
    void vscode.window.showInformationMessage(
      `Recording in your browser tab (${started.id}): reproduce the bug, then press Stop in the Recordings view.`,
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

/** The picked row, else a quick pick: commands from the palette come without one. */
async function choose(
  app: CommandContext,
  row: RecordingSummary | undefined,
  action: string,
): Promise<RecordingSummary | undefined> {
  if (row) return row;
  await app.recordingsView.reload();
  const stopped = app.recordingsView.recordings.filter((item) => item.state === 'stopped');
  const pick = await vscode.window.showQuickPick(
    stopped.map((item) => ({ label: item.title, description: item.id, item })),
    { placeHolder: `Recording to ${action}` },
  );
  return pick?.item;
}

async function replayRecording(app: CommandContext, row?: RecordingSummary): Promise<ReplayVerdict | undefined> {
  const recording = await choose(app, row, 'replay');
  if (!recording) return undefined;
  try {
    const verdict = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Replaying "${recording.title}"…` },
      () => callConnector<ReplayVerdict>(app.session.port, 'POST', `/recordings/${recording.id}/replay`, {}),
    );
    await app.recordingsView.reload();
    app.dashboard.showVerdict(verdict, recording.title);
    void announce(app, recording, verdict);
    return verdict;
  } catch (error) {
    await showFailure('replay the recording', error);
    return undefined;
  }
}

/** The verdict as a notification: a bug still there is a warning, with the fix one click away. */
async function announce(app: CommandContext, recording: RecordingSummary, verdict: ReplayVerdict): Promise<void> {
  const text = `Replay of "${recording.title}": ${verdict.summary}`;
  const show =
    verdict.verdict === 'not reproduced' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
  const choice = await show(text, 'Ask Copilot to Fix', 'Open Dashboard');
  if (choice === 'Ask Copilot to Fix') await askCopilot(app, recording);
  if (choice === 'Open Dashboard') app.dashboard.show();
}

async function deleteRecording(app: CommandContext, row?: RecordingSummary): Promise<void> {
  const recording = await choose(app, row, 'delete');
  if (!recording) return;
  try {
    await callConnector(app.session.port, 'DELETE', `/recordings/${recording.id}`);
    await app.recordingsView.reload();
  } catch (error) {
    await showFailure('delete the recording', error);
  }
}

/** The saved JSON file when this machine has it, else the connector's answer in an untitled editor. */
async function openRecording(app: CommandContext, row?: RecordingSummary): Promise<void> {
  const recording = await choose(app, row, 'open');
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

/** Opens the chat with the recording's summary (or the source-mapped error) as the request. */
async function askCopilot(app: CommandContext, target?: RecordingSummary | ConsoleEntry): Promise<string | undefined> {
  const item = target ?? (await choose(app, undefined, 'ask Copilot about'));
  if (!item) return undefined;
  try {
    const query =
      'type' in item
        ? await copilotPromptForError(app, item)
        : copilotPromptForRecording(
            await callConnector<RecordingDetail>(app.session.port, 'GET', `/recordings/${item.id}`),
          );
    await vscode.commands.executeCommand('workbench.action.chat.open', { query });
    if (!('type' in item)) void vscode.commands.executeCommand('browserDebug.offerRegressionTest', item);
    return query;
  } catch (error) {
    await showFailure('open the chat', error);
    return undefined;
  }
}
