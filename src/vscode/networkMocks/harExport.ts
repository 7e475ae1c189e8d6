import * as vscode from 'vscode';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';

const LIMIT = 1000;

/**
 * "Export Network as HAR": the newest captured requests as a HAR 1.2 file, where the developer chooses
 * (or at `target`, for scripts and tests). Headers are redacted by the connector.
 */
export async function exportNetworkHar(app: CommandContext, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  try {
    const har = await callConnector<{ log: { entries: unknown[] } }>(
      app.session.port,
      'GET',
      `/network-requests?format=har&limit=${LIMIT}`,
    );
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, 'network.har') : undefined,
        filters: { 'HTTP Archive': ['har'] },
        title: 'Export Network as HAR',
      }));
    if (!uri) return undefined;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify(har, null, 2)));
    void vscode.window.showInformationMessage(`Exported ${har.log.entries.length} request(s) as HAR to ${uri.fsPath}.`);
    return uri;
  } catch (error) {
    void showFailure('export the network as HAR', error);
    return undefined;
  }
}
