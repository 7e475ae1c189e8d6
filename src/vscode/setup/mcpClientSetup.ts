import { homedir } from 'node:os';
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import {
  CLIENT_IDS,
  MCP_CLIENTS,
  type ClientId,
  type SetupPlaces,
  type SetupScope,
} from '../../mcp/clientSetup/clients';
import { mcpLauncher } from '../../mcp/clientSetup/launcher';
import { applySetup, describeSetup, planSetup, type SetupPlan } from '../../mcp/clientSetup/setupClient';
import type { StableInstall } from './stableInstall';

/**
 * *Browser Debug: Set Up MCP for…*: the same code path as `browser-debug setup <client>`, with this editor's
 * own binary as the launcher (ELECTRON_RUN_AS_NODE=1 in desktop editors) on the stable launcher script, so
 * the entry needs no PATH and survives updates.
 */
export class McpClientSetup {
  constructor(
    private readonly stable: StableInstall,
    /** globalStorageUri's folder: VS Code's user folder (for its mcp.json) is two levels up. */
    private readonly globalStorage: string,
  ) {}

  /** Asks for the client (unless given) and the scope (when it has two), then writes and says what it wrote. */
  async run(client?: ClientId, scope?: SetupScope): Promise<SetupPlan | undefined> {
    const chosen = client ?? (await pickClient());
    if (!chosen) return undefined;
    const where = scope ?? (await pickScope(chosen));
    if (!where) return undefined;
    try {
      const plan = await this.plan(chosen, where);
      await applySetup(plan);
      void this.report(plan);
      return plan;
    } catch (error) {
      void vscode.window.showErrorMessage(`Could not set up ${MCP_CLIENTS[chosen].label}: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** What setting up `client` would write, without writing. */
  async plan(client: ClientId, scope?: SetupScope): Promise<SetupPlan> {
    const launcher = mcpLauncher(await this.stable.mcpLauncher());
    return planSetup({ client, scope, places: this.places(), launcher });
  }

  private places(): SetupPlaces {
    return {
      home: process.env.HOME || process.env.USERPROFILE || homedir(),
      project: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd(),
      platform: process.platform,
      env: process.env,
      vscodeUserDir: dirname(dirname(this.globalStorage)),
    };
  }

  private async report(plan: SetupPlan): Promise<void> {
    const remote = vscode.env.remoteName
      ? ` This window is remote (${vscode.env.remoteName}): the file is on the remote machine, for clients that run there.`
      : '';
    const open = await vscode.window.showInformationMessage(`${describeSetup(plan)}${remote}`, 'Open File');
    if (open) await vscode.window.showTextDocument(vscode.Uri.file(plan.file));
  }
}

async function pickClient(): Promise<ClientId | undefined> {
  const items = CLIENT_IDS.map((id) => ({ id, label: MCP_CLIENTS[id].label, description: MCP_CLIENTS[id].docs }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Set Up MCP for…',
    placeHolder: 'The MCP client that should get the Browser Debug tools',
  });
  return picked?.id;
}

async function pickScope(client: ClientId): Promise<SetupScope | undefined> {
  const scopes = MCP_CLIENTS[client].scopes.filter(
    (scope) => scope === 'user' || vscode.workspace.workspaceFolders?.length,
  );
  if (scopes.length === 1) return scopes[0];
  const picked = await vscode.window.showQuickPick(
    scopes.map((scope) => ({
      scope,
      label: scope === 'user' ? 'User' : 'Project',
      description: scope === 'user' ? 'every project' : 'this workspace folder (a file you may commit)',
    })),
    { title: `Set Up MCP for ${MCP_CLIENTS[client].label}: scope` },
  );
  return picked?.scope;
}
