import * as vscode from 'vscode';
import type { Logger } from '../connector/logger';
import { SourceMapper } from '../connector/sourceMapper';
import type { StackFrame } from '../shared/protocol';
import type { ConsoleEntry } from './captureFeed';
import type { BrowserDebugSettings } from './settings';
import { workspaceCandidates } from './urlToWorkspace';

export interface SourceLocation {
  uri: vscode.Uri;
  /** 0-based, as VS Code counts. */
  line: number;
  column: number;
}

/** `http://host/app.js:12:5` as a frame, for entries that carry only `source`. */
function frameFromSource(source: string | undefined): StackFrame | undefined {
  const match = source && /^(.*?):(\d+)(?::(\d+))?$/.exec(source);
  return match ? { url: match[1]!, line: Number(match[2]), column: Number(match[3] ?? 1) } : undefined;
}

function topFrame(entry: ConsoleEntry): StackFrame | undefined {
  const frames = entry.frames?.filter((frame) => /^(https?|file|webpack)/.test(frame.url)) ?? [];
  return frames[0] ?? frameFromSource(entry.source);
}

/**
 * Finds the workspace file and line behind a console entry: the script's source map when reachable
 * (the connector's SourceMapper, shared with the MCP tools), then URL-to-workspace path mapping.
 */
export class SourceNavigator {
  private readonly mapper: SourceMapper;

  constructor(
    private readonly settings: () => BrowserDebugSettings,
    logger: Logger,
  ) {
    this.mapper = new SourceMapper({ logger });
  }

  async locate(entry: ConsoleEntry): Promise<SourceLocation | undefined> {
    const frame = topFrame(entry);
    return frame && this.locateFrame(frame);
  }

  /** A script position (e.g. a long task's script in a trace) to a workspace file, the same way. */
  async locateFrame(frame: StackFrame): Promise<SourceLocation | undefined> {
    const mapped = await this.mapper.mapFrame(frame);
    const folders = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath);
    const attempts: [string, number, number][] = [];
    if (mapped.original) attempts.push([mapped.original.source, mapped.original.line, mapped.original.column]);
    attempts.push([frame.url, frame.line, frame.column]);
    for (const [source, line, column] of attempts) {
      for (const path of workspaceCandidates(source, folders, this.settings().pathMapping)) {
        const uri = vscode.Uri.file(path);
        if (await exists(uri)) return { uri, line: Math.max(0, line - 1), column: Math.max(0, column - 1) };
      }
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
      await vscode.window.showTextDocument(location.uri, { selection: new vscode.Range(position, position), preview: true });
      return true;
    }
    const where = url ?? 'this entry';
    void vscode.window.showWarningMessage(`Browser Debug could not map ${where} to a file in this workspace.`, 'Configure Path Mapping').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'browserDebug.sourceMaps.pathMapping');
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
