import type { AuditCategory, AuditProgress, AuditRequest, AuditSummary } from '../../shared/audit';
import { AUDIT_CATEGORIES } from '../../shared/audit';
import { ApiError } from '../../shared/errors';
import type { BrowserBridge } from '../wire/browserBridge';
import type { AuditConfig } from '../config/config';
import type { Logger } from '../logging/logger';
import { checkBrowserChoice, openAuditBrowser, type AuditBrowserSource, type BrowserChoice } from './auditBrowser';
import type { AuditBrowserSession } from './auditBrowserSession';
import { ProgressTracker } from './auditProgress';
import { AuditQueue } from './auditQueue';
import { BenchmarkIndex } from './benchmarkIndex';
import { failingOf, metricsOf, opportunitiesOf, scoresOf } from './auditSummary';
import { handOverCookies } from './cookieHandover';
import type { Lhr } from './lhr';
import { loadLighthouse, type LighthouseModules, type PuppeteerContext } from './lighthouseModules';
import { runLighthouse, type LighthouseOutput } from './lighthouseRun';
import { ReportFolder } from './reportFolder';
import { WarmHeadless } from './warmHeadless';

export interface AuditRunOptions {
  /** Cancels a waiting or running audit (VS Code's Cancel button, an MCP cancellation). */
  signal?: AbortSignal;
  onProgress?: (progress: AuditProgress) => void;
}

/** A finished audit: the summary every face shows, and the raw result for the HTTP shapes. */
export interface AuditRun {
  summary: AuditSummary;
  lhr: Lhr;
}

export interface AuditServiceDeps {
  config: AuditConfig;
  bridge: BrowserBridge;
  logger: Logger;
  /** The Chrome-family browser a headless audit starts (browsers/browserFinder.ts), or undefined. */
  findChrome(): Promise<string | undefined>;
  load?: () => Promise<LighthouseModules>;
  /** How long the warm headless browser waits for the next audit before it is closed. */
  warmIdleMs?: number;
}

/** After a timeout or cancel we close the browser under Lighthouse; this long it may take to notice. */
const SETTLE_MS = 5000;

/**
 * Runs Lighthouse audits for every face of the connector: one at a time, bounded by a deadline,
 * in a throwaway context of the best browser at hand, with the user's cookies when allowed.
 */
export class AuditService {
  private readonly queue = new AuditQueue();
  private readonly reports: ReportFolder;
  private source: AuditBrowserSource | undefined;
  /** The headless browser kept between audits (browser choice 3). */
  readonly warm: WarmHeadless;
  private readonly benchmark = new BenchmarkIndex();

  constructor(private readonly deps: AuditServiceDeps) {
    this.reports = new ReportFolder(deps.config.reportDir, deps.config.maxReports, deps.logger);
    this.warm = new WarmHeadless(deps.warmIdleMs);
    void this.lookForChrome();
  }

  /** The last browser found, for availability(), which answers /health at once. */
  private chromeFound: string | undefined;

  private async lookForChrome(): Promise<string | undefined> {
    this.chromeFound = await this.deps.findChrome();
    return this.chromeFound;
  }

  /** Closes the warm browser (connector stop). */
  dispose(): Promise<void> {
    return this.warm.shutdown();
  }

  /** Browser choice 1: audits use this browser (VS Code's "Launch Browser") until the returned function is called. */
  useBrowser(source: AuditBrowserSource): () => void {
    this.source = source;
    return () => {
      if (this.source === source) this.source = undefined;
    };
  }

  /** The browser's own DevTools connection, when there is one: the launched browser, else the configured endpoint. */
  devtoolsChoice(): { source?: AuditBrowserSource; endpoint?: string } {
    return { source: this.source, endpoint: this.deps.config.debuggingEndpoint };
  }

  /** For status displays: whether an audit runs now and how many wait. */
  get state(): { running: boolean; waiting: number; typicalMs: number } {
    return { running: this.queue.running, waiting: this.queue.waitingCount, typicalMs: this.queue.typicalMs() };
  }

  /** `ok`, or why no audit could run now (the `/health` engine check). */
  availability(): string {
    const state = this.state;
    const busy = state.running ? ` (an audit is running, ${state.waiting} waiting)` : '';
    if (this.source || this.deps.config.debuggingEndpoint || this.chromeFound) return `ok${busy}`;
    void this.lookForChrome();
    return 'no Chrome or Chromium found: install one or set CHROME_PATH';
  }

  async run(request: AuditRequest, options: AuditRunOptions = {}): Promise<AuditRun> {
    const deadline = Date.now() + (request.timeoutMs ?? this.deps.config.timeoutMs);
    const progress = new ProgressTracker(options.onProgress);
    const choice: BrowserChoice = {
      source: this.source,
      endpoint: this.deps.config.debuggingEndpoint,
      chromePath: await this.lookForChrome(),
    };
    checkBrowserChoice(choice);
    if (options.signal?.aborted)
      throw new ApiError('LIGHTHOUSE_FAILED', 'The audit was cancelled before it started.', { reason: 'cancelled' });
    const slot = await this.queue.acquire(deadline, options.signal, (ahead) =>
      progress.update('queued', `Waiting for ${ahead} earlier audit(s) to finish`),
    );
    const started = Date.now();
    let durationMs: number | undefined;
    try {
      const run = await this.attempt(request, choice, deadline, progress, options.signal, {
        waitedMs: slot.waitedMs,
        queuedBehind: slot.queuedBehind,
      });
      durationMs = Date.now() - started;
      return run;
    } finally {
      slot.release(durationMs);
    }
  }

  private async attempt(
    request: AuditRequest,
    choice: BrowserChoice,
    deadline: number,
    progress: ProgressTracker,
    signal: AbortSignal | undefined,
    queued: { waitedMs: number; queuedBehind: number },
  ): Promise<AuditRun> {
    const started = Date.now();
    const modules = await this.modules();
    const warnings: string[] = [];
    progress.update('browser', 'Opening a browser for the audit');
    const handed = await handOverCookies(
      this.deps.bridge,
      request.url,
      this.deps.config.cookieHandover,
      request.shareCookies,
    );
    const session = await openAuditBrowser(modules, choice, warnings, this.warm);
    this.benchmark.prepare(modules, request.categories ?? AUDIT_CATEGORIES);
    let output: LighthouseOutput;
    try {
      output = await this.bounded(modules, session, request, handed.cookies, deadline, progress, signal);
    } finally {
      await session.close();
    }
    const { lhr } = output;
    this.benchmark.remember(modules, lhr);
    if (lhr.runtimeError) {
      throw new ApiError(
        'LIGHTHOUSE_FAILED',
        `Lighthouse could not audit ${request.url}: ${lhr.runtimeError.message} (${lhr.runtimeError.code}). Check the page loads in a browser.`,
        { reason: lhr.runtimeError.code, url: request.url },
      );
    }
    progress.update('report', 'Saving the report');
    const timestamp = Date.parse(lhr.fetchTime) || Date.now();
    const report = await this.reports.save(request.url, timestamp, output.json, output.html);
    const run = {
      browser: session.kind,
      browserLabel: session.label,
      ...queued,
      durationMs: Date.now() - started,
      cookies: { shared: handed.cookies.length, names: handed.names, note: handed.note },
      lighthouseVersion: lhr.lighthouseVersion,
      warnings: [...warnings, ...lhr.runWarnings],
    };
    progress.update('done', 'Audit finished');
    const categories: AuditCategory[] = request.categories ?? [...AUDIT_CATEGORIES];
    const summary: AuditSummary = {
      url: request.url,
      finalUrl: lhr.finalDisplayedUrl,
      timestamp,
      device: request.device ?? 'desktop',
      categories,
      scores: scoresOf(lhr),
      metrics: metricsOf(lhr),
      failing: failingOf(lhr),
      opportunities: opportunitiesOf(lhr),
      report,
      run,
    };
    return { summary, lhr };
  }

  private async modules(): Promise<LighthouseModules> {
    try {
      return await (this.deps.load ?? loadLighthouse)();
    } catch (error) {
      throw new ApiError(
        'LIGHTHOUSE_FAILED',
        `Lighthouse could not be loaded (${(error as Error).message}). Reinstall the Browser Debug extension, or run npm install in the connector's folder.`,
        { reason: 'not-installed' },
      );
    }
  }

  /** Lighthouse cannot be cancelled: on timeout or cancel we close its page's context and browser under it. */
  private async bounded(
    modules: LighthouseModules,
    session: AuditBrowserSession,
    request: AuditRequest,
    cookies: Record<string, unknown>[],
    deadline: number,
    progress: ProgressTracker,
    signal: AbortSignal | undefined,
  ): Promise<LighthouseOutput> {
    let context: PuppeteerContext | undefined;
    const maxWaitForLoad = Math.max(5000, Math.min(45_000, deadline - Date.now() - 5000));
    const run = runLighthouse(
      modules,
      session,
      request,
      cookies,
      maxWaitForLoad,
      (phase, message) => progress.update(phase, message),
      (created) => (context = created),
    );
    let stop: ((error: ApiError) => void) | undefined;
    const stopped = new Promise<never>((_resolve, reject) => (stop = reject));
    const timer = setTimeout(
      () =>
        stop?.(
          new ApiError(
            'LIGHTHOUSE_FAILED',
            `The audit of ${request.url} did not finish within its ${request.timeoutMs ?? this.deps.config.timeoutMs} ms timeout.`,
            { reason: 'timeout' },
          ),
        ),
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = () =>
      stop?.(new ApiError('LIGHTHOUSE_FAILED', 'The audit was cancelled.', { reason: 'cancelled' }));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await Promise.race([
        run.catch((error: unknown) => Promise.reject(lighthouseError(error, request.url))),
        stopped,
      ]);
    } catch (error) {
      await context?.close().catch(() => undefined);
      await (session.discard ?? session.close)();
      // Hold the queue until Lighthouse has really stopped, so two runs never overlap.
      await Promise.race([run.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SETTLE_MS))]);
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

function lighthouseError(error: unknown, url: string): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError('LIGHTHOUSE_FAILED', `Lighthouse failed on ${url}: ${message}`, { reason: 'lighthouse-error' });
}
