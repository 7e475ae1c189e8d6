import * as vscode from 'vscode';
import type { ClientId } from '../../mcp/clientSetup/clients';
import type { McpClientSetup } from './mcpClientSetup';

const DECLINED_KEY = 'browserDebug.mcpFallbackDeclined';

/** The MCP client whose file this editor reads: Cursor and Windsurf have their own, others VS Code's mcp.json. */
export function ownEditorClient(appName: string): ClientId {
  if (/cursor/i.test(appName)) return 'cursor';
  if (/windsurf/i.test(appName)) return 'windsurf';
  return 'vscode';
}

/**
 * Where the editor has no MCP provider API (Cursor, Windsurf, older VSCodium), its agent gets our tools only
 * from its own MCP configuration: offer to write it (once; "Never" is remembered), and say what was written.
 */
export async function offerOwnMcpConfiguration(
  setup: McpClientSetup,
  state: vscode.Memento,
): Promise<string | undefined> {
  if (state.get(DECLINED_KEY)) return undefined;
  const client = ownEditorClient(vscode.env.appName);
  const plan = await setup.plan(client, 'user');
  if (!plan.changed) return undefined;
  const choice = await vscode.window.showInformationMessage(
    `${vscode.env.appName} does not let extensions offer MCP servers to its AI. Browser Debug can add its server to ${plan.file}, keeping your other servers.`,
    'Write Configuration',
    'Never',
  );
  if (choice === 'Never') await state.update(DECLINED_KEY, true);
  if (choice !== 'Write Configuration') return undefined;
  return (await setup.run(client, 'user'))?.file;
}
