import * as vscode from 'vscode';
import type { PageInfo } from '../../shared/browserCommands';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';
import { recentPageUrls, withScheme } from '../launch/pageUrls';

/** Reload Page: the tab the connector targets (the selected or active one), as the browser's own reload. */
export async function reloadPage(app: CommandContext): Promise<PageInfo | undefined> {
  try {
    return await callConnector<PageInfo>(app.session.port, 'POST', '/reload', {});
  } catch (error) {
    await showFailure('reload the page', error);
    return undefined;
  }
}

/**
 * Open URL…: loads an address in the connected browser's tab. `url` skips the question; otherwise the
 * input offers the current page's address, and the recent pages are one word away in Launch Browser.
 */
export async function openUrl(app: CommandContext, url?: string): Promise<PageInfo | undefined> {
  const recent = recentPageUrls(app.feed.pageLoads.values(), 1)[0];
  const typed =
    typeof url === 'string'
      ? url
      : await vscode.window.showInputBox({
          title: 'Open URL in the connected browser',
          value: recent ?? 'http://localhost:',
          prompt: 'An http(s) address, e.g. localhost:5173/cart',
          validateInput: (value) => (value.trim() ? undefined : 'An address'),
        });
  if (!typed) return undefined;
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'Opening the page…' },
      () => callConnector<PageInfo>(app.session.port, 'POST', '/navigate', { url: withScheme(typed.trim()) }),
    );
  } catch (error) {
    await showFailure('open the page', error);
    return undefined;
  }
}

/** Page commands as data, registered through the one command table. */
export const PAGE_COMMANDS = {
  'browserDebug.reloadPage': (app: CommandContext) => reloadPage(app),
  'browserDebug.openUrl': (app: CommandContext, url?: string) => openUrl(app, url),
};
