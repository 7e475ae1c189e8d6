import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { webviewPage } from './webviewPage';
import {
  dashboardToHostSchema,
  type DashboardConsoleEntry,
  type DashboardData,
  type DashboardPerformance,
  type DashboardScreenshot,
  type DashboardTab,
  type HostToDashboard,
} from '../shared/dashboardMessages';
import type { AuditSummary } from '../shared/audit';
import type { LeakReport } from '../shared/leaks';
import type { StackFrame, StoredEntry, StoredScreenshot } from '../shared/protocol';
import type { ReplayVerdict } from '../shared/recording';
import type { CaptureFeed, ConsoleEntry } from './captureFeed';
import { dashboardFrames } from './dashboardFrames';
import type { EntryLocations } from './entryLocations';

/** The dashboard sends the newest this many of each kind at first; live entries follow. */
const SNAPSHOT_LIMIT = 1000;

/** Page loads whose vitals the Performance tab lists. */
const VITALS_LIMIT = 50;

/** What the dashboard asks the host to do beyond showing data. */
export interface DashboardActions {
  jumpToSource(entry: ConsoleEntry): unknown;
  openRequest(id: string): unknown;
  openScript(frame: StackFrame): unknown;
  openTraceFile(path: string): unknown;
}

/** The dashboard webview: Console, Network (waterfall), Screenshots, Performance and Agent tabs, fed by the host. */
export class DashboardPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private audit: AuditSummary | undefined;
  private verdict: Extract<HostToDashboard, { type: 'verdict' }> | undefined;
  private leaks: Extract<HostToDashboard, { type: 'leaks' }> | undefined;
  private ready = false;
  /** Whether the dashboard was last told a browser is connected (undefined: not told since it opened). */
  private shownConnected: boolean | undefined;
  /** The tab the user's own command asked for while the dashboard was still opening. */
  private revealTab: DashboardTab | undefined;
  private readonly roots = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly feed: CaptureFeed,
    private readonly locations: EntryLocations,
    private readonly actions: DashboardActions,
  ) {
    this.subscriptions = [
      feed.onDidAdd((entries) => {
        this.post({ type: 'entries', ...this.data(entries) });
        if (entries.some((entry) => entry.type === 'web-vitals'))
          this.post({ type: 'performance', ...this.performance() });
      }),
      feed.onDidTrace(() => this.post({ type: 'performance', ...this.performance() })),
      feed.onDidClear(() => this.post({ type: 'cleared' })),
      locations.onDidLocate((entries) =>
        this.post({
          type: 'locations',
          locations: entries.map((entry) => ({ id: entry.id, location: locations.label(entry) })),
        }),
      ),
      feed.onDidAct((action) =>
        this.post({ type: 'entries', console: [], network: [], screenshots: [], pageLoads: [], actions: [action] }),
      ),
      feed.onDidChange(() => {
        // The feed changes up to 30 times a second; the dashboard only shows whether a browser is connected.
        if (this.shownConnected === feed.browserConnected) return;
        this.post({ type: 'status', browserConnected: feed.browserConnected });
        if (this.ready) this.shownConnected = feed.browserConnected;
      }),
    ];
  }

  get visible(): boolean {
    return this.panel?.visible ?? false;
  }

  /** Opens beside the active editor (not over it), or brings the open one forward. */
  show(): void {
    if (this.panel) return this.panel.reveal();
    const panel = vscode.window.createWebviewPanel(
      'browserDebug.dashboard',
      'Browser Debug',
      vscode.ViewColumn.Beside,
      this.options(),
    );
    this.attach(panel);
  }

  /** A dashboard VS Code kept across a window reload (its WebviewPanelSerializer): filled again, as if opened. */
  restore(panel: vscode.WebviewPanel): void {
    if (this.panel) return panel.dispose();
    panel.webview.options = this.options();
    this.attach(panel);
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    const media = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
    return {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [media, ...[...this.roots].map((root) => vscode.Uri.file(root))],
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    panel.webview.html = webviewPage(panel.webview, vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), {
      entry: 'dashboard',
      title: 'Browser Debug',
    });
    panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message));
    panel.onDidDispose(() => {
      this.panel = undefined;
      this.ready = false;
      this.shownConnected = undefined;
    });
  }

  /** Shows a replay's verdict above the tabs, with the step that failed (now if open, else when it opens). */
  showVerdict(verdict: ReplayVerdict, title: string): void {
    this.verdict = { type: 'verdict', title, verdict };
    if (this.panel && this.ready) this.post(this.verdict);
  }

  /** Shows a leak check's verdict, growth chart and groups above the tabs (opening the dashboard if needed). */
  showLeaks(report: LeakReport, title: string): void {
    this.leaks = { type: 'leaks', title, report };
    if (!this.panel || !this.ready) return this.show();
    this.post(this.leaks);
    this.panel.reveal();
  }

  /**
   * Shows an audit the user ran from VS Code in the Performance tab (opening the dashboard if needed).
   * Audits from elsewhere (an MCP client) never switch tabs: only the user's own command does.
   */
  showAudit(audit: AuditSummary): void {
    this.audit = audit;
    this.revealTab = 'performance';
    if (this.panel && this.ready) {
      this.post({ type: 'audit', audit });
      this.post({ type: 'showTab', tab: 'performance' });
      this.revealTab = undefined;
      this.panel.reveal();
    } else this.show();
  }

  /** Shows the trace the user recorded from VS Code in the Performance tab (opening the dashboard if needed). */
  showPerformance(): void {
    this.revealTab = 'performance';
    if (this.panel && this.ready) {
      this.post({ type: 'performance', ...this.performance() });
      this.post({ type: 'showTab', tab: 'performance' });
      this.revealTab = undefined;
      this.panel.reveal();
    } else this.show();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.panel?.dispose();
  }

  private receive(message: unknown): void {
    const parsed = dashboardToHostSchema.safeParse(message);
    if (!parsed.success) return;
    const request = parsed.data;
    switch (request.type) {
      case 'ready':
        this.ready = true;
        this.shownConnected = this.feed.browserConnected;
        this.post({
          type: 'snapshot',
          browserConnected: this.feed.browserConnected,
          audit: this.audit,
          performance: this.performance(),
          ...this.snapshot(),
        });
        if (this.verdict) this.post(this.verdict);
        if (this.leaks) this.post(this.leaks);
        if (this.revealTab) this.post({ type: 'showTab', tab: this.revealTab });
        this.revealTab = undefined;
        return;
      case 'expand': {
        const entry = this.feed.console.find((item) => item.id === request.id);
        if (entry)
          void dashboardFrames(entry, this.locations).then((details) =>
            this.post({ type: 'details', id: entry.id, ...details }),
          );
        return;
      }
      case 'dismissVerdict':
        this.verdict = undefined;
        return;
      case 'dismissLeaks':
        this.leaks = undefined;
        return;
      case 'openScreenshot': {
        const shot = this.feed.screenshots.find((entry) => entry.id === request.id);
        if (shot) void vscode.commands.executeCommand('vscode.open', vscode.Uri.file(shot.path));
        return;
      }
      case 'jumpToSource': {
        const entry = this.feed.console.find((item) => item.id === request.id);
        if (entry) void this.actions.jumpToSource(entry);
        return;
      }
      case 'openRequest':
        void this.actions.openRequest(request.id);
        return;
      case 'runCommand':
        void vscode.commands.executeCommand(request.command);
        return;
      case 'stopAgent':
        void vscode.commands.executeCommand('browserDebug.stopAgent', request.id);
        return;
      case 'openReport':
        if (this.audit) void vscode.env.openExternal(vscode.Uri.file(this.audit.report.htmlPath));
        return;
      case 'openTraceFile': {
        const trace = this.feed.traces.at(-1);
        if (trace) void this.actions.openTraceFile(trace.path);
        return;
      }
      case 'openScript':
        void this.actions.openScript({ url: request.url, line: request.line, column: request.column });
        return;
      case 'recordTrace':
        void vscode.commands.executeCommand('browserDebug.recordPerformanceTrace');
    }
  }

  private performance(): DashboardPerformance {
    return { vitals: this.feed.vitals.list(VITALS_LIMIT).pageLoads, trace: this.feed.traces.at(-1) };
  }

  private snapshot(): DashboardData {
    return {
      console: this.feed.console.slice(-SNAPSHOT_LIMIT).map((entry) => this.withLocation(entry)),
      network: this.feed.network.slice(-SNAPSHOT_LIMIT),
      screenshots: this.feed.screenshots.slice(-100).map((shot) => this.screenshot(shot)),
      pageLoads: [...this.feed.pageLoads.values()],
      actions: this.feed.actions.slice(-SNAPSHOT_LIMIT),
    };
  }

  private data(entries: StoredEntry[]): DashboardData {
    const data: DashboardData = { console: [], network: [], screenshots: [], pageLoads: [], actions: [] };
    for (const entry of entries) {
      if (entry.type === 'console-log' || entry.type === 'console-error') data.console.push(this.withLocation(entry));
      else if (entry.type === 'network-request') data.network.push(entry);
      else if (entry.type === 'screenshot') data.screenshots.push(this.screenshot(entry));
      else if (entry.type === 'page-navigated')
        data.pageLoads.push({ id: entry.pageLoadId, url: entry.url, title: entry.title });
    }
    return data;
  }

  private withLocation(entry: ConsoleEntry): DashboardConsoleEntry {
    const location = this.locations.label(entry);
    return location ? { ...entry, location } : entry;
  }

  /** Thumbnails come through the webview's resource roots; a new folder widens them. */
  private screenshot(shot: StoredScreenshot): DashboardScreenshot {
    const folder = dirname(shot.path);
    if (!this.roots.has(folder)) {
      this.roots.add(folder);
      if (this.panel) {
        const media = vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
        this.panel.webview.options = {
          enableScripts: true,
          localResourceRoots: [media, ...[...this.roots].map((root) => vscode.Uri.file(root))],
        };
      }
    }
    const src = this.panel ? this.panel.webview.asWebviewUri(vscode.Uri.file(shot.path)).toString() : '';
    return {
      id: shot.id,
      src,
      path: shot.path,
      width: shot.dimensions.width,
      height: shot.dimensions.height,
      timestamp: shot.timestamp,
    };
  }

  private post(message: HostToDashboard): void {
    if (this.panel && this.ready) void this.panel.webview.postMessage(message);
  }
}
