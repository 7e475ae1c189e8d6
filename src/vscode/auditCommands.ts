import * as vscode from 'vscode';
import type { AuditCategory, AuditProgress, AuditRequest, AuditSummary } from '../shared/audit';
import type { CommandContext } from './commandContext';
import { callConnector } from './connectorClient';
import { showFailure } from './failures';

const KINDS: Record<string, { title: string; categories: AuditCategory[] }> = {
  'browserDebug.runAccessibilityAudit': { title: 'Accessibility audit', categories: ['accessibility'] },
  'browserDebug.runPerformanceAudit': { title: 'Performance audit', categories: ['performance'] },
  'browserDebug.runFullAudit': {
    title: 'Full audit',
    categories: ['performance', 'accessibility', 'best-practices', 'seo'],
  },
};

/** The engine-audit HTTP answer, as another window's connector gives it. */
interface EngineAnswer {
  audit: Omit<AuditSummary, 'report' | 'run' | 'scores'> & { scores: Record<string, number | null> };
  report: AuditSummary['report'];
  run: AuditSummary['run'];
}

export function registerAuditCommands(app: CommandContext): vscode.Disposable[] {
  return Object.entries(KINDS).map(([id, kind]) =>
    vscode.commands.registerCommand(id, (url?: string) => runAudit(app, kind.title, kind.categories, url)),
  );
}

/** Asks for the URL (default: the current page), runs with a cancellable progress notification, shows the result. */
export async function runAudit(
  app: CommandContext,
  title: string,
  categories: AuditCategory[],
  url?: string,
): Promise<AuditSummary | undefined> {
  const current = app.feed.currentPageLoad ? app.feed.pageLoads.get(app.feed.currentPageLoad)?.url : undefined;
  const target =
    url ??
    (await vscode.window.showInputBox({
      title: `Browser Debug: ${title}`,
      prompt: 'Page to audit',
      value: current ?? 'http://localhost:5173/',
      ignoreFocusOut: true,
    }));
  if (!target) return undefined;
  try {
    const summary = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${title} of ${target}`, cancellable: true },
      (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        return audit(app, { url: target, categories }, abort.signal, progress);
      },
    );
    app.dashboard.showAudit(summary);
    const scores = Object.entries(summary.scores)
      .map(([name, score]) => `${name} ${score === null || score === undefined ? '–' : Math.round(score * 100)}`)
      .join(', ');
    void vscode.window.showInformationMessage(`${title}: ${scores}.`, 'Open Report').then((choice) => {
      if (choice) void vscode.env.openExternal(vscode.Uri.file(summary.report.htmlPath));
    });
    return summary;
  } catch (error) {
    if ((error as Error).name === 'AbortError') return undefined;
    await showFailure(`run the ${title.toLowerCase()}`, error);
    return undefined;
  }
}

/** In the hosting window: the connector's audit service, with real progress. Elsewhere: its HTTP API. */
async function audit(
  app: CommandContext,
  request: AuditRequest,
  signal: AbortSignal,
  progress: vscode.Progress<{ message?: string; increment?: number }>,
): Promise<AuditSummary> {
  const service = app.session.services?.audits;
  if (service) {
    let reported = 0;
    const onProgress = (update: AuditProgress) => {
      progress.report({ message: update.message, increment: Math.max(0, update.fraction * 100 - reported) });
      reported = Math.max(reported, update.fraction * 100);
    };
    return (await service.run(request, { signal, onProgress })).summary;
  }
  progress.report({ message: 'Running in the window that hosts the connector…' });
  const answer = await callConnector<EngineAnswer>(app.session.port, 'POST', '/engine-audit', request, signal);
  const scores = Object.fromEntries(
    Object.entries(answer.audit.scores).map(([name, score]) => [name, typeof score === 'number' ? score / 100 : score]),
  );
  return { ...answer.audit, scores, report: answer.report, run: answer.run };
}
