import * as vscode from 'vscode';
import type { Logger } from '../connector/logging/logger';

/**
 * In a remote window (SSH, WSL, containers, Codespaces, code-server) the connector runs on the remote
 * host while Chrome runs on the user's machine (docs/decisions.md, "Everywhere"). asExternalUri asks
 * VS Code to forward the port:
 * - desktop VS Code tunnels it to a localhost port, where the browser extension's discovery finds it
 *   (a different port goes into the popup's "Connector port");
 * - code-server and Codespaces answer with a proxied address (`https://host/proxy/PORT/`): the connector
 *   admits that Host, and the user pastes the address into the popup's "Connector address".
 * Returns the address the user's machine should use, or undefined in a local window.
 */
export async function exposeConnector(
  port: number,
  connector: { allowForwardedHost(authority: string): void },
  logger: Logger,
): Promise<string | undefined> {
  if (!vscode.env.remoteName) return undefined;
  const external = await vscode.env.asExternalUri(vscode.Uri.parse(`http://127.0.0.1:${port}`));
  const address = external.toString(true);
  logger.info(
    `Remote window (${vscode.env.remoteName}): the connector on the remote port ${port} is reachable from your machine at ${address}.`,
  );
  const local = /^http:\/\/(127\.0\.0\.1|localhost):(\d+)\/?$/.exec(address);
  if (local && Number(local[2]) === port) return address;
  if (local) {
    void vscode.window.showInformationMessage(
      `Browser Debug: the connector is forwarded to port ${local[2]} on your machine. Set that port in the browser extension's popup (Settings → Connector port).`,
    );
    return address;
  }
  connector.allowForwardedHost(new URL(address).host);
  void offerAddress(address);
  return address;
}

/** The proxied address, shown with a Copy button: the browser extension cannot guess it. */
async function offerAddress(address: string): Promise<void> {
  const copy = 'Copy Address';
  const choice = await vscode.window.showInformationMessage(
    `Browser Debug: this remote window forwards the connector to ${address} — paste it in the browser extension's popup (Settings → Connector address).`,
    copy,
  );
  if (choice === copy) await vscode.env.clipboard.writeText(address);
}
