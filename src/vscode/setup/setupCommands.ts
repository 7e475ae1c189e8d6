import * as vscode from 'vscode';
import { MCP_CLIENTS } from '../../mcp/clientSetup/clients';
import { mcpLauncher } from '../../mcp/clientSetup/launcher';
import type { StableInstall } from './stableInstall';
import { userSecretFile } from '../../connector/trust/userSecret';

/** In a remote window, where the browser must run and how it reaches the connector. */
export function remoteBrowserNote(remoteName: string | undefined, externalAddress: string | undefined): string {
  if (!remoteName) return '';
  const reach = externalAddress
    ? `The connector is forwarded to your computer at ${externalAddress}, so Chrome on your computer reaches it.`
    : 'Forward the connector port to your computer (Ports view) so Chrome on your computer reaches it.';
  return (
    `\n\nThis window is remote (${remoteName}): the folder above is on the remote machine. ` +
    `Run Chrome on your own computer and load a copy of that folder there (or the browser-debug-extension.zip), ` +
    `or run Chrome on the remote machine itself. ${reach}`
  );
}

/** *Install Browser Extension*: a stable folder to load unpacked, and the way to do it. */
export async function installBrowserExtension(
  stable: StableInstall,
  externalAddress: string | undefined,
  launch: () => Promise<unknown>,
): Promise<string> {
  const folder = await stable.browserExtension();
  const choice = await vscode.window.showInformationMessage(
    'Install the Browser Debug browser extension: in Chrome, Edge or Chromium open chrome://extensions, turn on Developer mode, click "Load unpacked" and choose the folder. It stays valid when this extension updates. Or use "Launch Browser", which loads it for you.',
    { modal: true, detail: folder + remoteBrowserNote(vscode.env.remoteName, externalAddress) },
    'Reveal Folder',
    'Copy Path',
    'Launch Browser',
  );
  if (choice === 'Reveal Folder') await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(folder));
  if (choice === 'Copy Path') await vscode.env.clipboard.writeText(folder);
  if (choice === 'Launch Browser') await launch();
  return folder;
}

/**
 * The configuration other MCP clients paste: this editor's binary (no PATH lookup, see launcher.ts) on the
 * stable launcher, which finds the current install.
 */
export function mcpConfiguration(launcherScript: string): string {
  const entry = MCP_CLIENTS['claude-desktop'].entry(mcpLauncher(launcherScript));
  return JSON.stringify({ mcpServers: { 'browser-debug': entry } }, null, 2);
}

/** *Copy MCP Configuration*: the stdio bin through the stable launcher, plus the HTTP address when running. */
export async function copyMcpConfiguration(stable: StableInstall, port: number | undefined): Promise<string> {
  const config = mcpConfiguration(await stable.mcpLauncher());
  await vscode.env.clipboard.writeText(config);
  // The launcher's bin reads the per-user secret itself; an HTTP client must send it as a header.
  const url = port
    ? ` Clients that speak Streamable HTTP can use http://127.0.0.1:${port}/mcp instead, with the header Authorization: Bearer <the secret in ${userSecretFile()}> (keep it out of committed files).`
    : '';
  const remote = vscode.env.remoteName
    ? ` This window is remote (${vscode.env.remoteName}): the launcher path is on the remote machine, so use it in MCP clients that run there.`
    : '';
  void vscode.window.showInformationMessage(
    `MCP configuration copied (Claude Desktop, Cursor, Copilot CLI: paste it into their MCP settings; Set Up MCP for… writes it for you). It keeps working when Browser Debug updates.${url}${remote}`,
  );
  return config;
}
