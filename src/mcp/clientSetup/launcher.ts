/**
 * The one place that decides how an MCP client starts Browser Debug's stdio server. Every written
 * configuration (the `browser-debug setup` CLI, VS Code's *Set Up MCP for…*, *Copy MCP Configuration*)
 * takes its entry from here, so a setting every launch needs (e.g. a pairing secret) is added once.
 *
 * Rules:
 * 1. No PATH lookup: GUI clients (Claude Desktop on macOS) start without the shell's PATH, so `node`
 *    alone often fails. The command is an absolute path: the running Node (`process.execPath`).
 * 2. Inside an editor, `process.execPath` is the editor's Electron binary; `ELECTRON_RUN_AS_NODE=1`
 *    makes it run the script as plain Node, so no separate Node install is needed.
 */

/** What a client runs: an absolute command, its arguments and the environment it adds. */
export interface McpLauncher {
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Where the launcher runs: the Node (or Electron) binary and whether it is Electron. */
export interface LauncherRuntime {
  execPath: string;
  electron: boolean;
}

/** This process's runtime: `process.execPath`, Electron when `process.versions.electron` is set. */
export function currentRuntime(): LauncherRuntime {
  return { execPath: process.execPath, electron: Boolean(process.versions.electron) };
}

/** Runs `script` (an absolute path to dist/mcp.js or the stable launcher) with `runtime`. */
export function mcpLauncher(script: string, runtime: LauncherRuntime = currentRuntime()): McpLauncher {
  return {
    command: runtime.execPath,
    args: [script],
    env: runtime.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
  };
}
