import type { AuditCategory, AuditPhase, AuditRequest } from '../../shared/audit';
import { AUDIT_CATEGORIES } from '../../shared/audit';
import type { AuditBrowserSession } from './auditBrowserSession';
import type { Lhr } from './lhr';
import type { LighthouseModules, PuppeteerContext } from './lighthouseModules';
import { slimConfig } from './slimConfig';

export interface LighthouseOutput {
  lhr: Lhr;
  json: string;
  html: string;
}

export type StatusListener = (phase: AuditPhase, message: string) => void;

const QUICK_SETTLE = {
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
};

/**
 * With simulated throttling (the default) performance metrics are computed from the recorded load, so the
 * quiet windows only have to see the load end, not time it: half of Lighthouse's 1 s windows saves about
 * 1 s a run. A request that starts after 0.5 s of silence is missed, as one after 1 s is by default.
 */
const SIMULATED_SETTLE = {
  pauseAfterFcpMs: 500,
  pauseAfterLoadMs: 500,
  networkQuietThresholdMs: 500,
  cpuQuietThresholdMs: 500,
};

/** Lighthouse settings for a request: categories, device, screen and throttling. English, always. */
export function lighthouseFlags(
  request: AuditRequest,
  desktopSettings: Record<string, unknown>,
  maxWaitForLoad: number,
): Record<string, unknown> {
  const categories: AuditCategory[] = request.categories ?? [...AUDIT_CATEGORIES];
  const device = request.device ?? 'desktop';
  const base =
    device === 'desktop'
      ? pick(desktopSettings, ['formFactor', 'screenEmulation', 'throttling', 'emulatedUserAgent'])
      : { formFactor: 'mobile' };
  const flags: Record<string, unknown> = {
    ...base,
    logLevel: 'error',
    output: ['json', 'html'],
    onlyCategories: categories,
    locale: 'en-US',
    maxWaitForLoad,
    // 1.1 s for element thumbnails in the HTML report; our answers name elements by selector instead.
    disableFullPageScreenshot: true,
    // Without performance, nothing is timed: a shorter quiet window after load only makes the run faster.
    ...(categories.includes('performance') ? SIMULATED_SETTLE : QUICK_SETTLE),
  };
  if (request.screenEmulation) {
    const screen = (base.screenEmulation ?? { mobile: true, deviceScaleFactor: 1.75, disabled: false }) as Record<
      string,
      unknown
    >;
    flags.screenEmulation = { ...screen, ...request.screenEmulation };
  }
  if (request.throttling) {
    const { requestLatencyMs, downloadThroughputKbps } = request.throttling;
    // Latency and bandwidth are devtools-throttling fields: asked for, they are applied for real.
    // Then the load is timed for real, and Lighthouse's own quiet windows apply.
    if (requestLatencyMs !== undefined || downloadThroughputKbps !== undefined) {
      flags.throttlingMethod = 'devtools';
      for (const key of Object.keys(SIMULATED_SETTLE)) delete flags[key];
    }
    flags.throttling = { ...(base.throttling as object | undefined), ...request.throttling };
  }
  return flags;
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

/** Lighthouse's status lines, mapped onto our phases. */
export function phaseOf(message: string): AuditPhase | undefined {
  if (/^Auditing/.test(message)) return 'auditing';
  if (/^Generating results/.test(message)) return 'report';
  if (/^(Navigating|Loading page|Connecting|Resetting|Preparing|Cleaning)/.test(message)) return 'loading';
  if (/^(Getting artifact|Gathering|Benchmarking|Computing artifact|Capturing)/.test(message)) return 'gathering';
  return undefined;
}

/**
 * One Lighthouse run on a fresh page in a throwaway browser context: the handed-over cookies live
 * only there, in memory, and go when the context closes, whatever happens.
 */
export async function runLighthouse(
  modules: LighthouseModules,
  session: AuditBrowserSession,
  request: AuditRequest,
  cookies: Record<string, unknown>[],
  maxWaitForLoad: number,
  onStatus: StatusListener,
  contextCreated: (context: PuppeteerContext) => void,
): Promise<LighthouseOutput> {
  const listener = (args: unknown[]) => {
    const message = String(args[1] ?? '');
    const phase = phaseOf(message);
    if (phase) onStatus(phase, message);
  };
  modules.logEvents.on('status', listener);
  const context = await session.browser.createBrowserContext();
  contextCreated(context);
  try {
    if (cookies.length) await context.setCookie(...cookies);
    const page = await context.newPage();
    onStatus('loading', `Loading ${request.url}`);
    const config = modules.defaultConfig
      ? slimConfig(modules.defaultConfig, request.categories ?? AUDIT_CATEGORIES)
      : { extends: 'lighthouse:default' };
    const result = await modules.lighthouse(
      request.url,
      lighthouseFlags(request, modules.desktopSettings, maxWaitForLoad),
      config,
      page,
    );
    if (!result) throw new Error('Lighthouse returned no result.');
    const [json, html] = Array.isArray(result.report) ? result.report : [result.report, ''];
    return { lhr: result.lhr, json: json ?? '', html: html ?? '' };
  } finally {
    modules.logEvents.off('status', listener);
    await context.close().catch(() => undefined);
  }
}
