import * as vscode from 'vscode';
import type { CommandContext, CommandHandler } from './commandContext';
import { COMMANDS } from './commands';
import { INSPECTION_COMMANDS } from './inspection/inspectionCommands';
import { REQUEST_COMMANDS } from './network/requestActions';
import { PAGE_COMMANDS } from './page/pageCommands';
import { RECORDING_COMMANDS } from './recordings/recordingCommands';
import { REPLAY_VIEWER_COMMANDS } from './replayViewer/replayViewerCommands';

/** Every table of commands as data, id → handler, in one place; package.json contributes the same ids. */
export const COMMAND_TABLE: Readonly<Record<string, CommandHandler>> = {
  ...COMMANDS,
  ...INSPECTION_COMMANDS,
  ...RECORDING_COMMANDS,
  ...REPLAY_VIEWER_COMMANDS,
  ...REQUEST_COMMANDS,
  ...PAGE_COMMANDS,
};

/** Registers the whole table: one loop, each handler given the context and VS Code's arguments. */
export function registerCommandTable(app: CommandContext): vscode.Disposable[] {
  return Object.entries(COMMAND_TABLE).map(([id, handler]) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) =>
      (handler as (app: CommandContext, ...rest: unknown[]) => unknown)(app, ...args),
    ),
  );
}
