import * as vscode from 'vscode';
import type { Logger } from '../connector/logger';

/**
 * In a remote window (SSH, WSL, containers, code-server) the connector runs on the remote host while
 * Chrome runs on the user's machine. asExternalUri asks VS Code to forward the port; desktop VS Code
 * forwards it to the same port on the user's machine when that is free, where the browser extension
 * finds it. Returns the address the user's machine should use, or undefined in a local window.
 */
export async function exposeConnector(port: number, logger: Logger): Promise<string | undefined> {
  if (!vscode.env.remoteName) return undefined;
  const external = await vscode.env.asExternalUri(vscode.Uri.parse(`http://127.0.0.1:${port}`));
  const address = external.toString(true);
  logger.info(
    `Remote window (${vscode.env.remoteName}): the connector on the remote port ${port} is reachable from your machine at ${address}.`,
  );
  const local = /^http:\/\/(127\.0\.0\.1|localhost):(\d+)\/?$/.exec(address);
  if (local && Number(local[2]) !== port) {
    void vscode.window.showInformationMessage(
      `Browser Debug: the connector is forwarded to port ${local[2]} on your machine. Set that port in the browser extension's popup (Settings → Connector port).`,
    );
  } else if (!local) {
    logger.warn(
      `The forwarded address ${address} is not a plain localhost port, which the browser extension cannot use yet; forward port ${port} to the same local port (Ports view) instead.`,
    );
  }
  return address;
}
