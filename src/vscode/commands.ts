import * as vscode from 'vscode';
import { LOG_LEVELS, type LogLevel } from '../shared/levels';
import type { StoredNetworkRequest } from '../shared/protocol';
import { filterProblemsByAgent, shareTabWithAgents, stopAgent } from './agents/agentCommands';
import type { ConsoleEntry } from './captureFeed';
import { callConnector } from './connectorClient';
import type { CommandContext, CommandHandler } from './commandContext';
import { showFailure } from './failures';
import { exportNetworkHar } from './networkMocks/harExport';
import { manageNetworkMocks } from './networkMocks/mockStatusBar';
import { renderRequest } from './requestDetails';
import { showActions } from './statusBar';

/** Every command, as data: id → handler. package.json contributes the same ids (a test checks both). */
export const COMMANDS: Record<string, CommandHandler> = {
  'browserDebug.captureScreenshot': (app) => captureScreenshot(app, false),
  'browserDebug.captureFullPageScreenshot': (app) => captureScreenshot(app, true),
  'browserDebug.clearCapturedData': (app) => clearCapturedData(app),
  'browserDebug.openDashboard': (app) => app.dashboard.show(),
  'browserDebug.restartConnector': (app) => app.session.restart(),
  'browserDebug.showLog': (app) => app.log.show(),
  'browserDebug.copyMcpConfiguration': (app) => app.copyMcpConfiguration(),
  'browserDebug.setUpMcpClient': (app) => app.setUpMcpClient(),
  'browserDebug.installBrowserExtension': (app) => app.installBrowserExtension(),
  'browserDebug.launchBrowser': (app) => app.launchBrowser(),
  'browserDebug.pairBrowser': (app) => pairBrowser(app),
  'browserDebug.filterConsoleLevel': (app) => filterLevel(app),
  'browserDebug.copyEntry': (_app, entry: ConsoleEntry | StoredNetworkRequest) => copyEntry(entry),
  'browserDebug.jumpToSource': (app, entry: ConsoleEntry) => app.navigator.open(entry),
  'browserDebug.openRequestDetails': (app, request: StoredNetworkRequest) => app.openRequestDetails(request),
  'browserDebug.showActions': () => showActions(),
  'browserDebug.setRemoteApiKey': (app) => app.remote.setApiKey(),
  'browserDebug.copyRemoteSessionId': (app) => app.remote.copySessionId(),
  'browserDebug.remoteActions': (app) => app.remote.showActions(),
  'browserDebug.exportNetworkHar': (app, target?: vscode.Uri) => exportNetworkHar(app, target),
  'browserDebug.manageNetworkMocks': (app, choice?: string) => manageNetworkMocks(app, choice),
  'browserDebug.shareTabWithAgents': (app, tabId?: number) => shareTabWithAgents(app, tabId),
  'browserDebug.stopAgent': (app, agentId?: number) => stopAgent(app, agentId),
  'browserDebug.filterProblemsByAgent': (app, agentId?: number | 'all') => filterProblemsByAgent(app, agentId),
};

/**
 * Shows a one-time pairing code for the browser extension's popup (docs/security.md, "Pairing"). The
 * code comes from the connector, this window's or another's; it works once, for ten minutes.
 */
export async function pairBrowser(app: CommandContext): Promise<string | undefined> {
  try {
    const { code } = await callConnector<{ code: string }>(app.session.port, 'POST', '/pairing/code');
    void vscode.window
      .showInformationMessage(
        `Browser Debug pairing code: ${code}. Type it in the Browser Debug popup in your browser (once, within 10 minutes).`,
        'Copy Code',
      )
      .then((choice) => choice && vscode.env.clipboard.writeText(code));
    return code;
  } catch (error) {
    await showFailure('show a pairing code', error);
    return undefined;
  }
}

/** Asks the connected browser, saves under the screenshot folder, opens the image; the dashboard lists it. */
export async function captureScreenshot(app: CommandContext, fullPage: boolean): Promise<string | undefined> {
  const format = app.settings().screenshotFormat;
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Capturing screenshot…' },
      () =>
        callConnector<{ path: string; dimensions: { width: number; height: number } }>(
          app.session.port,
          'POST',
          '/capture-screenshot',
          { options: { fullPage, format } },
        ),
    );
    await vscode.commands.executeCommand('vscode.open', vscode.Uri.file(result.path));
    app.logger.info(`Screenshot ${result.dimensions.width}×${result.dimensions.height} saved to ${result.path}.`);
    return result.path;
  } catch (error) {
    await showFailure('capture a screenshot', error);
    return undefined;
  }
}

async function clearCapturedData(app: CommandContext): Promise<void> {
  try {
    await callConnector(app.session.port, 'POST', '/wipelogs');
  } catch (error) {
    await showFailure('clear the captured data', error);
  }
}

async function filterLevel(app: CommandContext): Promise<void> {
  const items = LOG_LEVELS.map((level) => ({
    label: level,
    description: level === app.consoleView.minimumLevel ? 'current' : undefined,
  }));
  const choice = await vscode.window.showQuickPick(items, {
    placeHolder: 'Show console entries at or above this level (debug shows all)',
  });
  if (!choice) return;
  app.consoleView.minimumLevel = choice.label as LogLevel;
  app.consoleView.refresh();
}

async function copyEntry(entry: ConsoleEntry | StoredNetworkRequest): Promise<void> {
  if (entry.type === 'network-request') return vscode.env.clipboard.writeText(renderRequest(entry));
  const stack = Array.isArray(entry.stack) ? entry.stack.join('\n') : (entry.stack ?? '');
  await vscode.env.clipboard.writeText(
    [entry.message, entry.source ? `at ${entry.source}` : '', stack].filter(Boolean).join('\n'),
  );
}
