import type * as vscode from 'vscode';
import { BrowserDebug } from './vscode/browserDebug';

let instance: BrowserDebug | undefined;

export function activate(context: vscode.ExtensionContext): BrowserDebug {
  instance = BrowserDebug.create(context);
  return instance;
}

export async function deactivate(): Promise<void> {
  await instance?.dispose();
}
