import { join } from 'node:path';
import type { McpLauncher } from './launcher';

/** The MCP clients whose configuration `browser-debug setup` writes. */
export const CLIENT_IDS = ['claude-code', 'codex', 'gemini', 'claude-desktop', 'cursor', 'windsurf', 'vscode'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];
export type SetupScope = 'user' | 'project';

/** The folders a configuration path is made of. `vscodeUserDir` overrides VS Code's per-platform default. */
export interface SetupPlaces {
  home: string;
  project: string;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  vscodeUserDir?: string;
}

/** One client: its file per scope, the key path of its server table, and the shape of one entry. */
export interface McpClient {
  id: ClientId;
  label: string;
  /** The first is the default. */
  scopes: readonly SetupScope[];
  format: 'json' | 'toml';
  file(scope: SetupScope, places: SetupPlaces): string;
  table: readonly string[];
  entry(launcher: McpLauncher): Record<string, unknown>;
  /** Where the client documents this file. */
  docs: string;
}

/** `{command, args, env?}`: what Claude Desktop, Cursor, Windsurf, Gemini CLI and Codex read. */
function plainEntry(launcher: McpLauncher): Record<string, unknown> {
  const entry: Record<string, unknown> = { command: launcher.command, args: launcher.args };
  if (Object.keys(launcher.env).length) entry.env = launcher.env;
  return entry;
}

/** Claude Code and VS Code name the transport. */
function stdioEntry(launcher: McpLauncher): Record<string, unknown> {
  return { type: 'stdio', ...plainEntry(launcher) };
}

/** The per-user application-data folder: Application Support on macOS, %APPDATA% on Windows, XDG elsewhere. */
function appData(places: SetupPlaces): string {
  if (places.platform === 'darwin') return join(places.home, 'Library', 'Application Support');
  if (places.platform === 'win32') return places.env.APPDATA ?? join(places.home, 'AppData', 'Roaming');
  return places.env.XDG_CONFIG_HOME ?? join(places.home, '.config');
}

const user = (places: SetupPlaces, ...parts: string[]) => join(places.home, ...parts);
const project = (places: SetupPlaces, ...parts: string[]) => join(places.project, ...parts);

export const MCP_CLIENTS: Readonly<Record<ClientId, McpClient>> = {
  'claude-code': {
    id: 'claude-code',
    label: 'Claude Code',
    scopes: ['user', 'project'],
    format: 'json',
    file: (scope, places) => (scope === 'user' ? user(places, '.claude.json') : project(places, '.mcp.json')),
    table: ['mcpServers'],
    entry: stdioEntry,
    docs: 'https://docs.anthropic.com/en/docs/claude-code/mcp',
  },
  codex: {
    id: 'codex',
    label: 'Codex CLI',
    scopes: ['user'],
    format: 'toml',
    file: (_scope, places) => join(places.env.CODEX_HOME ?? user(places, '.codex'), 'config.toml'),
    table: ['mcp_servers'],
    entry: plainEntry,
    docs: 'https://github.com/openai/codex/blob/main/docs/config.md#mcp_servers',
  },
  gemini: {
    id: 'gemini',
    label: 'Gemini CLI',
    scopes: ['user', 'project'],
    format: 'json',
    file: (scope, places) =>
      scope === 'user' ? user(places, '.gemini', 'settings.json') : project(places, '.gemini', 'settings.json'),
    table: ['mcpServers'],
    entry: plainEntry,
    docs: 'https://github.com/google-gemini/gemini-cli/blob/main/docs/tools/mcp-server.md',
  },
  'claude-desktop': {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    scopes: ['user'],
    format: 'json',
    file: (_scope, places) => join(appData(places), 'Claude', 'claude_desktop_config.json'),
    table: ['mcpServers'],
    entry: plainEntry,
    docs: 'https://modelcontextprotocol.io/quickstart/user',
  },
  cursor: {
    id: 'cursor',
    label: 'Cursor',
    scopes: ['user', 'project'],
    format: 'json',
    file: (scope, places) =>
      scope === 'user' ? user(places, '.cursor', 'mcp.json') : project(places, '.cursor', 'mcp.json'),
    table: ['mcpServers'],
    entry: plainEntry,
    docs: 'https://docs.cursor.com/context/model-context-protocol',
  },
  windsurf: {
    id: 'windsurf',
    label: 'Windsurf',
    scopes: ['user'],
    format: 'json',
    file: (_scope, places) => user(places, '.codeium', 'windsurf', 'mcp_config.json'),
    table: ['mcpServers'],
    entry: plainEntry,
    docs: 'https://docs.windsurf.com/windsurf/cascade/mcp',
  },
  vscode: {
    id: 'vscode',
    label: 'VS Code (mcp.json)',
    scopes: ['user', 'project'],
    format: 'json',
    file: (scope, places) =>
      scope === 'user'
        ? join(places.vscodeUserDir ?? join(appData(places), 'Code', 'User'), 'mcp.json')
        : project(places, '.vscode', 'mcp.json'),
    table: ['servers'],
    entry: stdioEntry,
    docs: 'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
  },
};

export function isClientId(value: string): value is ClientId {
  return (CLIENT_IDS as readonly string[]).includes(value);
}
