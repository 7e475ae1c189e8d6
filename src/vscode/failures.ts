import * as vscode from 'vscode';
import { ConnectorRequestError } from './connectorClient';

/** Errors say what to do next, with the command that does it. */
export async function showFailure(what: string, error: unknown): Promise<void> {
  const code = error instanceof ConnectorRequestError ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'BROWSER_NOT_CONNECTED') {
    const choice = await vscode.window.showErrorMessage(
      `Browser Debug could not ${what}: no browser is connected.`,
      'Install Browser Extension',
      'Launch Browser',
    );
    if (choice === 'Install Browser Extension')
      await vscode.commands.executeCommand('browserDebug.installBrowserExtension');
    if (choice === 'Launch Browser') await vscode.commands.executeCommand('browserDebug.launchBrowser');
    return;
  }
  const choice = await vscode.window.showErrorMessage(`Browser Debug could not ${what}: ${message}`, 'Show Log');
  if (choice) await vscode.commands.executeCommand('browserDebug.showLog');
}
