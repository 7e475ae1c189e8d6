import * as vscode from 'vscode';

/**
 * A location label with the workspace folder taken off: Next.js (Turbopack) maps name sources by their
 * absolute path (`/home/me/app/app/page.tsx:7:13`); in the editor `app/page.tsx:7:13` is what people read.
 */
export function workspaceRelative(
  label: string,
  folders: readonly string[] = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath),
): string {
  for (const folder of folders) {
    const prefix = folder.endsWith('/') ? folder : `${folder}/`;
    if (label.startsWith(prefix)) return label.slice(prefix.length);
  }
  return label;
}
