import * as vscode from 'vscode';
import type { RecordingsView } from './recordingsView';

/** A red "Recording" item while a recording runs; a click stops it. */
export class RecordingStatusBar implements vscode.Disposable {
  readonly item = vscode.window.createStatusBarItem('browserDebug.recording', vscode.StatusBarAlignment.Left, 49);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly view: RecordingsView) {
    this.item.name = 'Browser Debug Recording';
    this.item.command = 'browserDebug.stopRecording';
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    this.subscription = view.onDidChangeTreeData(() => this.update());
  }

  update(): void {
    const running = this.view.running;
    if (!running) return this.item.hide();
    this.item.text = '$(record) Recording';
    this.item.tooltip = `Browser Debug is recording "${running.title}" in your browser tab. Click to stop.`;
    this.item.accessibilityInformation = { label: `Recording ${running.title}. Activate to stop the recording.` };
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
