import * as vscode from 'vscode';

/**
 * VS Code 1.101's MCP provider API, typed here because `engines.vscode` (1.74, for Cursor, Windsurf and
 * VSCodium) predates it: it is found at run time, and its absence is handled (setup/mcpFallback.ts).
 */
export interface McpHttpServerDefinition {
  readonly label: string;
  readonly uri: vscode.Uri;
  readonly headers?: Record<string, string>;
}

export interface McpServerDefinitionProvider {
  onDidChangeMcpServerDefinitions?: vscode.Event<void>;
  provideMcpServerDefinitions(): McpHttpServerDefinition[];
}

export interface McpApi {
  McpHttpServerDefinition: new (
    label: string,
    uri: vscode.Uri,
    headers?: Record<string, string>,
    version?: string,
  ) => McpHttpServerDefinition;
  lm: { registerMcpServerDefinitionProvider(id: string, provider: McpServerDefinitionProvider): vscode.Disposable };
}

/**
 * The editor's MCP provider API, or undefined where it is missing. BROWSER_DEBUG_HIDE_MCP_API=1 hides it
 * (test only: code-server has the API, and the fallback test needs an editor without it).
 */
export function mcpApi(env: NodeJS.ProcessEnv = process.env): McpApi | undefined {
  if (env.BROWSER_DEBUG_HIDE_MCP_API === '1') return undefined;
  const host = vscode as unknown as Partial<McpApi>;
  return typeof host.lm?.registerMcpServerDefinitionProvider === 'function' &&
    typeof host.McpHttpServerDefinition === 'function'
    ? (host as McpApi)
    : undefined;
}
