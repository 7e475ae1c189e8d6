import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { webviewPage } from '../webviewPage';
import { replayViewerToHostSchema, type HostToReplayViewer } from '../../shared/replayViewerMessages';
import type { LoadedRun } from './runData';

/** What the viewer asks of the host: the source of an error the user clicked, at its time in the run. */
export interface ReplayViewerActions {
  jumpToError(error: { at: number; text: string }): unknown;
}

/**
 * The Replay viewer: one webview panel showing one run (video, chapters, events, visual-change boxes). Strict
 * CSP with a nonce; the webview may read only the built assets and the folder the run's video was saved in.
 */
export class ReplayViewerPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private pending: HostToReplayViewer | undefined;
  private ready = false;
  private startedAt = 0;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly videosFolder: string,
    private readonly actions: ReplayViewerActions,
  ) {}

  show(title: string, run: LoadedRun): void {
    const panel = this.open();
    panel.title = `Replay: ${title}`;
    this.startedAt = run.timeline.startedAt;
    const videoSrc = run.videoFile ? panel.webview.asWebviewUri(vscode.Uri.file(run.videoFile)).toString() : null;
    this.pending = { type: 'show', title, timeline: run.timeline, videoSrc };
    if (this.ready) void panel.webview.postMessage(this.pending);
    panel.reveal();
  }

  dispose(): void {
    this.panel?.dispose();
  }

  private open(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const media = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    const panel = vscode.window.createWebviewPanel('browserDebug.replayViewer', 'Replay', vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [media, vscode.Uri.file(this.videosFolder), vscode.Uri.file(dirname(this.videosFolder))],
    });
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    panel.webview.html = webviewPage(panel.webview, media, { entry: 'replayViewer', title: 'Replay', media: true });
    panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message));
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
    });
    this.panel = panel;
    return panel;
  }

  private receive(message: unknown): void {
    const parsed = replayViewerToHostSchema.safeParse(message);
    if (!parsed.success) return;
    if (parsed.data.type === 'ready') {
      this.ready = true;
      if (this.pending) void this.panel?.webview.postMessage(this.pending);
      return;
    }
    void this.actions.jumpToError({ at: this.startedAt + parsed.data.atMs, text: parsed.data.text });
  }
}
