import * as vscode from 'vscode';
import type { PerformanceTraceRecord } from '../shared/performance';
import type { CommandContext } from './commandContext';
import { showFailure } from './failures';
import { callConnector } from './connectorClient';

export function registerPerformanceCommands(app: CommandContext): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('browserDebug.recordPerformanceTrace', (options?: { reload?: boolean }) =>
      recordTrace(app, options),
    ),
  ];
}

interface TraceChoice extends vscode.QuickPickItem {
  reload: boolean;
}

const CHOICES: TraceChoice[] = [
  {
    label: '$(refresh) Reload and trace',
    detail: 'Reloads the page and traces its load: LCP, CLS, long tasks and insights.',
    reload: true,
  },
  {
    label: '$(record) Trace without reloading',
    detail: 'Traces the page as it is for 5 s: use the page meanwhile.',
    reload: false,
  },
];

/**
 * Traces the current page with a cancellable progress notification; the result opens in the dashboard's
 * Performance tab. It says first that the page reloads, and offers a trace without reloading.
 */
export async function recordTrace(
  app: CommandContext,
  options?: { reload?: boolean },
): Promise<PerformanceTraceRecord | undefined> {
  const reload =
    options?.reload ??
    (
      await vscode.window.showQuickPick(CHOICES, {
        title: 'Record Performance Trace: the page reloads while tracing',
        placeHolder: 'Reload the page and trace its load, or trace it as it is',
      })
    )?.reload;
  if (reload === undefined) return undefined;
  const abort = new AbortController();
  try {
    const record = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: 'Browser Debug: recording a performance trace',
        cancellable: true,
      },
      (progress, token) => {
        progress.report({ message: reload ? 'reloading the page while tracing…' : 'tracing the page for 5 s…' });
        const cancelled = new Promise<never>((_, reject) =>
          token.onCancellationRequested(() => {
            abort.abort();
            reject(new Error('cancelled'));
          }),
        );
        return Promise.race([trace(app, reload, abort.signal), cancelled]);
      },
    );
    app.dashboard.showPerformance();
    const { lcp, cls } = record.summary;
    const headline = [
      lcp ? `LCP ${Math.round(lcp.ms)} ms` : undefined,
      `CLS ${cls?.score ?? 0}`,
      `${record.summary.longTasks.length} long task(s)`,
      `${record.summary.insights.length} insight(s)`,
    ]
      .filter(Boolean)
      .join(', ');
    void vscode.window
      .showInformationMessage(`Performance trace: ${headline}.`, 'Open Trace File')
      .then((choice) => choice && openTraceFile(record.path));
    return record;
  } catch (error) {
    if (abort.signal.aborted) {
      void vscode.window.showInformationMessage('Performance trace cancelled: nothing was analysed or kept.');
      return undefined;
    }
    await showFailure('record a performance trace', error);
    return undefined;
  }
}

/** In the hosting window, the service itself; elsewhere the HTTP API (hanging up cancels it there too). */
async function trace(app: CommandContext, reload: boolean, signal: AbortSignal): Promise<PerformanceTraceRecord> {
  const service = app.session.services?.performance;
  if (service) return service.record({ reload, signal, ...(reload ? {} : { durationMs: 5000 }) });
  const answer = await callConnector<{
    id: string;
    path: string;
    bytes: number;
    elapsedMs: number;
    summary: PerformanceTraceRecord['summary'];
  }>(app.session.port, 'POST', '/performance-trace', { reload, ...(reload ? {} : { durationMs: 5000 }) }, signal);
  return { type: 'performance-trace' as const, timestamp: Date.now(), ...answer };
}

/** VS Code cannot show a trace: reveal the file and say how to open it in Chrome DevTools. */
export async function openTraceFile(path: string): Promise<void> {
  const choice = await vscode.window.showInformationMessage(
    `The trace is ${path}. Open it in Chrome DevTools: Performance panel → "Load profile…".`,
    'Reveal in File Explorer',
    'Copy Path',
  );
  if (choice === 'Copy Path') await vscode.env.clipboard.writeText(path);
  if (choice === 'Reveal in File Explorer')
    await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(path));
}
