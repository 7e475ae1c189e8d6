import * as vscode from 'vscode';
import { VERSION } from '../shared/version';
import { callerHeaders } from './callerSecret';
import type { ConnectorSession } from './connectorSession';
import type { McpApi, McpHttpServerDefinition } from './mcpApi';
import type { BrowserDebugSettings } from './settings';

/** The MCP servers we offer the editor's AI: one HTTP server at the connector's /mcp, while it runs. */
export function mcpDefinitions(
  api: McpApi,
  session: ConnectorSession,
  settings: () => BrowserDebugSettings,
): McpHttpServerDefinition[] {
  if (!settings().mcpEnabled || session.port === undefined) return [];
  return [
    new api.McpHttpServerDefinition(
      'Browser Debug',
      vscode.Uri.parse(`http://127.0.0.1:${session.port}/mcp`),
      // In memory only: VS Code passes it to its MCP client; nothing is written to a settings file.
      callerHeaders(),
      VERSION,
    ),
  ];
}

/** Lets Copilot agent mode list our tools with no configuration; a port change refreshes the definition. */
export function registerMcpProvider(
  api: McpApi,
  session: ConnectorSession,
  settings: () => BrowserDebugSettings,
): vscode.Disposable {
  const changed = new vscode.EventEmitter<void>();
  let lastPort = session.port;
  const watch = session.onDidChange(() => {
    if (session.port === lastPort) return;
    lastPort = session.port;
    changed.fire();
  });
  const provider = api.lm.registerMcpServerDefinitionProvider('browserDebug.mcp', {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => mcpDefinitions(api, session, settings),
  });
  return vscode.Disposable.from(provider, watch, changed);
}
