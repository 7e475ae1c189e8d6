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

/** What the provider watches: the session (its port) and the settings (`mcp.enabled`); `changed` tells VS Code. */
export interface McpProviderSources {
  session: ConnectorSession;
  settings: () => BrowserDebugSettings;
  /** Fires after the settings were read afresh. */
  onDidChangeSettings: vscode.Event<void>;
  changed: vscode.EventEmitter<void>;
}

/**
 * Lets Copilot agent mode list our tools with no configuration. A port change refreshes the definition;
 * turning `mcp.enabled` off or on removes or offers it at once, without a reload.
 */
export function registerMcpProvider(api: McpApi, sources: McpProviderSources): vscode.Disposable {
  const { session, settings, changed } = sources;
  const offered = () => ({ port: session.port, enabled: settings().mcpEnabled });
  let last = offered();
  const refresh = () => {
    const now = offered();
    if (now.port === last.port && now.enabled === last.enabled) return;
    last = now;
    changed.fire();
  };
  const provider = api.lm.registerMcpServerDefinitionProvider('browserDebug.mcp', {
    onDidChangeMcpServerDefinitions: changed.event,
    provideMcpServerDefinitions: () => mcpDefinitions(api, session, settings),
  });
  return vscode.Disposable.from(provider, session.onDidChange(refresh), sources.onDidChangeSettings(refresh));
}
