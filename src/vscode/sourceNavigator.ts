import * as vscode from 'vscode';
import { rawLocation } from '../shared/entryLocation';
import type { StackFrame } from '../shared/protocol';
import type { MappedFrame } from '../shared/stackFrames';
import type { ConsoleEntry } from './captureFeed';
import type { EntryLocations } from './entryLocations';
import type { BrowserDebugSettings } from './settings';
import { jumpTargets } from './urlToWorkspace';

export interface SourceLocation {
  uri: vscode.Uri;
  /** 0-based, as VS Code counts. */
  line: number;
  column: number;
}

/** The entry's own location before mapping: its source, else its first fetchable frame. */
function topFrame(entry: ConsoleEntry): StackFrame | undefined {
  return (
    rawLocation({ source: entry.source }) ??
    entry.frames?.find((frame) => /^(https?|file|webpack)/.test(frame.url)) ??
    rawLocation({ stack: entry.stack })
  );
}

/**
 * Finds the workspace file and line behind a console entry: the entry's mapped location (the same
 * one the tree, Problems and the MCP answers show), then URL-to-workspace path mapping.
 */
export class SourceNavigator {
  constructor(
    private readonly settings: () => BrowserDebugSettings,
    private readonly locations: EntryLocations,
  ) {}

  async locate(entry: ConsoleEntry): Promise<SourceLocation | undefined> {
    const mapped = (await this.locations.locate(entry)).at;
    return this.firstExisting(mapped, topFrame(entry));
  }

  /** A script position (e.g. a long task's script in a trace) to a workspace file, the same way. */
  async locateFrame(frame: StackFrame): Promise<SourceLocation | undefined> {
    return this.firstExisting(await this.locations.mapFrame(frame), frame);
  }

  private async firstExisting(
    mapped: MappedFrame | undefined,
    raw: StackFrame | undefined,
  ): Promise<SourceLocation | undefined> {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
    for (const { path, line, column } of jumpTargets(mapped, raw, folders, this.settings().pathMapping)) {
      const uri = vscode.Uri.file(path);
      if (await exists(uri)) return { uri, line: Math.max(0, line - 1), column: Math.max(0, column - 1) };
    }
    return undefined;
  }

  /** Opens the file at the line, or says why not and offers to configure the mapping. */
  async open(entry: ConsoleEntry): Promise<boolean> {
    return this.show(await this.locate(entry), topFrame(entry)?.url);
  }

  async openFrame(frame: StackFrame): Promise<boolean> {
    return this.show(await this.locateFrame(frame), frame.url);
  }

  private async show(location: SourceLocation | undefined, url: string | undefined): Promise<boolean> {
    if (location) {
      const position = new vscode.Position(location.line, location.column);
      await vscode.window.showTextDocument(location.uri, {
        selection: new vscode.Range(position, position),
        preview: true,
      });
      return true;
    }
    const where = url ?? 'this entry';
    void vscode.window
      .showWarningMessage(`Browser Debug could not map ${where} to a file in this workspace.`, 'Configure Path Mapping')
      .then((choice) => {
        if (choice)
          void vscode.commands.executeCommand('workbench.action.openSettings', 'browserDebug.sourceMaps.pathMapping');
      });
    return false;
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
  } catch {
    return false;
  }
}
