import * as vscode from 'vscode';
import { DEFAULT_REDACTED_HEADERS } from '../shared/redaction';
import { expandPathSetting, type PathContext } from './settingPaths';

/** Every `browserDebug.*` setting, typed; defaults equal package.json's. Core code gets this object, never the API. */
export interface BrowserDebugSettings {
  port: number;
  autoStart: boolean;
  maxConsoleEntries: number;
  maxNetworkEntries: number;
  screenshotFolder: string;
  screenshotFormat: 'png' | 'jpeg';
  redactHeaders: string[];
  pathMapping: Record<string, string>;
  mcpEnabled: boolean;
  mcpLegacyToolNames: boolean;
  auditTimeoutMs: number;
  auditCookieHandover: 'loopback' | 'all' | 'off';
  auditDebuggingEndpoint: string;
  remoteUrl: string;
  remoteSharedOrigins: string[];
  remoteSessionId: string;
  remoteCommands: string[];
  /** Browser extension ids trusted besides the pinned one (a store build). */
  extensionIds: string[];
  /** The page Launch Browser opens; empty: ask. */
  launchUrl: string;
  /** Which browser Launch Browser starts: a kind (chrome, edge, …), a path, or empty (the first found). */
  launchBrowser: string;
  networkMockIdleMinutes: number;
  /** upload_file and source-map reads may use secrets inside the workspace (trust/fileRoots rule 4). */
  filesAllowSecrets: boolean;
  /** Bodies and frames kept unredacted (connector/capture/redaction.ts). */
  networkFullBodies: boolean;
  agentsShareAlways: boolean;
}

export const DEFAULT_SETTINGS: BrowserDebugSettings = {
  port: 3025,
  autoStart: true,
  maxConsoleEntries: 50_000,
  maxNetworkEntries: 20_000,
  screenshotFolder: '',
  screenshotFormat: 'png',
  redactHeaders: [...DEFAULT_REDACTED_HEADERS],
  pathMapping: {},
  mcpEnabled: true,
  mcpLegacyToolNames: false,
  auditTimeoutMs: 60_000,
  auditCookieHandover: 'loopback',
  auditDebuggingEndpoint: '',
  remoteUrl: '',
  remoteSharedOrigins: [],
  remoteSessionId: '',
  remoteCommands: ['screenshot', 'current-url', 'tabs', 'navigate'],
  extensionIds: [],
  launchUrl: '',
  launchBrowser: '',
  networkMockIdleMinutes: 30,
  filesAllowSecrets: false,
  networkFullBodies: false,
  agentsShareAlways: false,
};

export function readSettings(): BrowserDebugSettings {
  const config = vscode.workspace.getConfiguration('browserDebug');
  const get = <T>(key: string, fallback: T): T => config.get<T>(key, fallback);
  return {
    port: get('connector.port', DEFAULT_SETTINGS.port),
    autoStart: get('connector.autoStart', DEFAULT_SETTINGS.autoStart),
    maxConsoleEntries: get('store.maxConsoleEntries', DEFAULT_SETTINGS.maxConsoleEntries),
    maxNetworkEntries: get('store.maxNetworkEntries', DEFAULT_SETTINGS.maxNetworkEntries),
    screenshotFolder: pathSetting(get('screenshots.folder', DEFAULT_SETTINGS.screenshotFolder)),
    screenshotFormat: get('screenshots.format', DEFAULT_SETTINGS.screenshotFormat),
    redactHeaders: get('network.redactHeaders', DEFAULT_SETTINGS.redactHeaders),
    pathMapping: get('sourceMaps.pathMapping', DEFAULT_SETTINGS.pathMapping),
    mcpEnabled: get('mcp.enabled', DEFAULT_SETTINGS.mcpEnabled),
    mcpLegacyToolNames: get('mcp.legacyToolNames', DEFAULT_SETTINGS.mcpLegacyToolNames),
    auditTimeoutMs: get('audits.timeoutMs', DEFAULT_SETTINGS.auditTimeoutMs),
    auditCookieHandover: get('audits.cookieHandover', DEFAULT_SETTINGS.auditCookieHandover),
    auditDebuggingEndpoint: get('audits.debuggingEndpoint', DEFAULT_SETTINGS.auditDebuggingEndpoint),
    remoteUrl: get('remote.url', DEFAULT_SETTINGS.remoteUrl),
    remoteSharedOrigins: get('remote.sharedOrigins', DEFAULT_SETTINGS.remoteSharedOrigins),
    remoteSessionId: get('remote.sessionId', DEFAULT_SETTINGS.remoteSessionId),
    remoteCommands: get('remote.commands', DEFAULT_SETTINGS.remoteCommands),
    extensionIds: get<string[]>('security.extensionIds', DEFAULT_SETTINGS.extensionIds).filter((id) =>
      /^[a-p]{32}$/.test(id),
    ),
    launchUrl: get('launch.url', DEFAULT_SETTINGS.launchUrl),
    launchBrowser: launchBrowserSetting(get('launch.browser', DEFAULT_SETTINGS.launchBrowser)),
    networkMockIdleMinutes: get('networkMocks.idleMinutes', DEFAULT_SETTINGS.networkMockIdleMinutes),
    filesAllowSecrets: get('files.allowSecrets', DEFAULT_SETTINGS.filesAllowSecrets),
    networkFullBodies: get('network.fullBodies', DEFAULT_SETTINGS.networkFullBodies),
    agentsShareAlways: get('agents.shareAlways', DEFAULT_SETTINGS.agentsShareAlways),
  };
}

function pathContext(): PathContext {
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file');
  return { folders: folders.map((folder) => ({ name: folder.name, path: folder.uri.fsPath })) };
}

/** A folder setting with `${workspaceFolder}` and `~` expanded; one naming a folder this window lacks falls back to the default. */
function pathSetting(value: string): string {
  return expandPathSetting(value, pathContext()) ?? '';
}

/** `launch.browser` is a kind (`chrome`) or an executable's path: only a path is expanded. */
function launchBrowserSetting(value: string): string {
  return /[/\\$~]/.test(value) ? pathSetting(value) : value;
}

/**
 * The folders `upload_file` and `file:` script reads may use in VS Code: the workspace folders on disk
 * (SECURITY.md). Core code gets this plain list, read at each use so added folders count.
 */
export function workspaceFileRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => folder.uri.fsPath);
}
