import * as vscode from 'vscode';
import type { RecordingSummary } from '../../shared/recording';
import type { ExportFormat, RecordingExport } from '../../shared/recordingExport';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { checkExportTarget } from './exportTarget';
import { RegressionOffer } from './regressionOffer';
import { testFolderFor, type FolderProbe } from './testFolder';

const FORMATS: { label: string; description: string; format: ExportFormat }[] = [
  { label: 'Playwright', description: '@playwright/test spec (TypeScript)', format: 'playwright' },
  { label: 'Puppeteer', description: 'a script run with node', format: 'puppeteer' },
  { label: 'Cypress', description: 'a spec for cypress/e2e', format: 'cypress' },
  { label: 'DevTools Recorder JSON', description: 'for Chrome DevTools Recorder', format: 'recorder-json' },
];

/** "Export as Test…" and the "Add Regression Test" offer after a fix Copilot verified. */
export function registerExportCommands(app: CommandContext): vscode.Disposable[] {
  const offer = new RegressionOffer(app.recordingsView, (row) =>
    vscode.commands.executeCommand('browserDebug.exportRecordingAsTest', row),
  );
  return [
    offer,
    vscode.commands.registerCommand(
      'browserDebug.exportRecordingAsTest',
      (row?: RecordingSummary, format?: ExportFormat) => exportAsTest(app, row, format),
    ),
    // Internal: "Ask Copilot to Fix" on a recording calls it, so a later `not reproduced` offers a test.
    vscode.commands.registerCommand('browserDebug.offerRegressionTest', (row: RecordingSummary) => offer.watch(row)),
  ];
}

/** Picks the format, writes the test where the workspace's tests live, opens it. Returns its URI. */
async function exportAsTest(
  app: CommandContext,
  row: RecordingSummary | undefined,
  format?: ExportFormat,
): Promise<vscode.Uri | undefined> {
  const recording = row ?? (await pickRecording(app));
  if (!recording) return undefined;
  const chosen =
    format ?? (await vscode.window.showQuickPick(FORMATS, { placeHolder: `Export "${recording.title}" as…` }))?.format;
  if (!chosen) return undefined;
  const workspace = vscode.workspace.workspaceFolders?.[0];
  if (!workspace) {
    void vscode.window.showWarningMessage('Open the project folder first: the test is written where its tests live.');
    return undefined;
  }
  try {
    const exported = await callConnector<RecordingExport>(
      app.session.port,
      'GET',
      `/recordings/${encodeURIComponent(recording.id)}/export?format=${chosen}`,
    );
    const folder = await testFolderFor(chosen, probeOf(workspace.uri));
    const uri = await freeUri(
      vscode.Uri.joinPath(workspace.uri, ...folder.split('/').filter(Boolean)),
      exported.fileName,
    );
    // On disk, the path is checked as written: a `tests/` symlink out of the workspace is refused.
    if (uri.scheme === 'file') await checkExportTarget(workspace.uri.fsPath, uri.fsPath);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(exported.text));
    await vscode.window.showTextDocument(uri, { preview: false });
    const secrets = exported.secretEnv.length ? ` It reads ${exported.secretEnv.join(', ')} from the environment.` : '';
    void vscode.window.showInformationMessage(
      `Exported "${recording.title}" to ${vscode.workspace.asRelativePath(uri)}: ${exported.checks.length} regression checks.${secrets}`,
    );
    return uri;
  } catch (error) {
    await showFailure('export the recording', error);
    return undefined;
  }
}

async function pickRecording(app: CommandContext): Promise<RecordingSummary | undefined> {
  await app.recordingsView.reload();
  const stopped = app.recordingsView.recordings.filter((item) => item.state === 'stopped');
  const pick = await vscode.window.showQuickPick(
    stopped.map((item) => ({ label: item.title, description: item.id, item })),
    { placeHolder: 'Recording to export as a test' },
  );
  return pick?.item;
}

function probeOf(root: vscode.Uri): FolderProbe {
  const at = (path: string) => vscode.Uri.joinPath(root, ...path.split('/'));
  return {
    exists: (path) =>
      Promise.resolve(vscode.workspace.fs.stat(at(path))).then(
        (stat) => (stat.type & vscode.FileType.Directory) !== 0,
        () => false,
      ),
    readText: (path) =>
      Promise.resolve(vscode.workspace.fs.readFile(at(path))).then(
        (bytes) => new TextDecoder().decode(bytes),
        () => undefined,
      ),
  };
}

/** `name.spec.ts`, else `name-2.spec.ts`, …: an export never overwrites a file. */
async function freeUri(folder: vscode.Uri, fileName: string): Promise<vscode.Uri> {
  const dot = fileName.indexOf('.');
  for (let n = 1; ; n++) {
    const name = n === 1 ? fileName : `${fileName.slice(0, dot)}-${n}${fileName.slice(dot)}`;
    const uri = vscode.Uri.joinPath(folder, name);
    const taken = await Promise.resolve(vscode.workspace.fs.stat(uri)).then(
      () => true,
      () => false,
    );
    if (!taken) return uri;
  }
}
