import * as vscode from 'vscode';
import type { PerformanceTraceRecord } from '../shared/performance';
import type { CommandContext } from './commandContext';
import { showFailure } from './failures';
import { callConnector } from './connectorClient';

export function registerPerformanceCommands(app: CommandContext): vscode.Disposable[] {
  return [vscode.commands.registerCommand('browserDebug.recordPerformanceTrace', () => recordTrace(app))];
}

/** Reloads the page while tracing, with a progress notification; the result opens in the dashboard's Performance tab. */
export async function recordTrace(app: CommandContext): Promise<PerformanceTraceRecord | undefined> {
  try {
    const record = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Browser Debug: recording a performance trace' },
      async (progress) => {
        progress.report({ message: 'reloading the page while tracing…' });
        const service = app.session.services?.performance;
        if (service) return service.record({ reload: true });
        const answer = await callConnector<{
          id: string;
          path: string;
          bytes: number;
          elapsedMs: number;
          summary: PerformanceTraceRecord['summary'];
        }>(app.session.port, 'POST', '/performance-trace', { reload: true });
        return { type: 'performance-trace' as const, timestamp: Date.now(), ...answer };
      },
    );
    app.dashboard.showPerformance();
    const { lcp, cls } = record.summary;
    const headline = [
      lcp ? `LCP ${lcp.ms} ms` : undefined,
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
    await showFailure('record a performance trace', error);
    return undefined;
  }
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
