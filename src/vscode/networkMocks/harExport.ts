import { chmod } from 'node:fs/promises';
import * as vscode from 'vscode';
import { exposureWarning } from '../../connector/har/gitExposure';
import { PRIVATE_FILE_MODE, privateFolder } from '../../connector/trust/privateFiles';
import { describeTally, type RedactionTally } from '../../shared/redaction';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';

const LIMIT = 1000;

/**
 * "Export Network as HAR": the newest captured requests as a HAR 1.2 file, by default in the extension's
 * storage (outside the workspace, so no `git add .` takes it), or where the developer chooses (or at
 * `target`, for scripts and tests). The message says what the connector redacted, and warns when the
 * file lands in a git work tree without being ignored.
 */
export async function exportNetworkHar(app: CommandContext, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  try {
    const har = await callConnector<{ log: { entries: unknown[]; _redacted?: RedactionTally } }>(
      app.session.port,
      'GET',
      `/network-requests?format=har&limit=${LIMIT}`,
    );
    await privateFolder(app.exportsFolder);
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        defaultUri: vscode.Uri.file(
          `${app.exportsFolder}/network-${new Date().toISOString().replace(/[:.]/g, '-')}.har`,
        ),
        filters: { 'HTTP Archive': ['har'] },
        title: 'Export Network as HAR',
      }));
    if (!uri) return undefined;
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify(har, null, 2)));
    const warning = uri.scheme === 'file' ? await exposureWarning(uri.fsPath) : '';
    if (uri.scheme === 'file') await chmod(uri.fsPath, PRIVATE_FILE_MODE).catch(() => undefined);
    const message = `Exported ${har.log.entries.length} request(s) as HAR to ${uri.fsPath}. Redacted: ${har.log._redacted ? describeTally(har.log._redacted) : 'headers'}.`;
    if (warning) void vscode.window.showWarningMessage(message + warning);
    else void vscode.window.showInformationMessage(message);
    return uri;
  } catch (error) {
    void showFailure('export the network as HAR', error);
    return undefined;
  }
}
