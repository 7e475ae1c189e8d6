import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lhr } from './lhr';
import { cacheMessageFormat } from './messageFormatCache';
import type { LighthouseConfig } from './slimConfig';

/** The slice of puppeteer-core we drive: connect, a throwaway context with cookies, one page. */
export interface PuppeteerPage {
  close(): Promise<void>;
}
export interface PuppeteerContext {
  newPage(): Promise<PuppeteerPage>;
  setCookie(...cookies: Record<string, unknown>[]): Promise<void>;
  close(): Promise<void>;
}
export interface PuppeteerBrowser {
  createBrowserContext(): Promise<PuppeteerContext>;
  disconnect(): Promise<void>;
  version(): Promise<string>;
}
export interface Puppeteer {
  connect(options: Record<string, unknown>): Promise<PuppeteerBrowser>;
}

export interface LighthouseResult {
  lhr: Lhr;
  /** `[json, html]` when `output` was `['json', 'html']`. */
  report: string | string[];
}

export interface LighthouseModules {
  lighthouse(
    url: string,
    flags: Record<string, unknown>,
    config: Record<string, unknown>,
    page: PuppeteerPage,
  ): Promise<LighthouseResult | undefined>;
  launch(options: Record<string, unknown>): Promise<{
    port: number;
    kill(): void | Promise<void>;
    process: { pid?: number; once?(event: 'exit', listener: () => void): void };
  }>;
  puppeteer: Puppeteer;
  /** lighthouse-logger: `events.on('status', ([prefix, message]) => …)`. */
  logEvents: {
    on(event: 'status' | 'warning', listener: (args: unknown[]) => void): void;
    off(event: 'status' | 'warning', listener: (args: unknown[]) => void): void;
  };
  version: string;
  /** Lighthouse's own desktop settings (screen, throttling, user agent), from its exported desktopConfig. */
  desktopSettings: Record<string, unknown>;
  /** Lighthouse's default config, trimmed per run to the asked categories (see slimConfig.ts). */
  defaultConfig?: LighthouseConfig;
  /** Lighthouse's page functions; `computeBenchmarkIndex` is swapped out when no audit needs it (see benchmarkIndex.ts). */
  pageFunctions?: { computeBenchmarkIndex: () => number };
}

let loading: Promise<LighthouseModules> | undefined;

/** ESM entry of a package that `fromFile` can see, honouring its `exports` map (we may ship only the ESM build). */
function esmEntry(specifier: string, fromFile: string): string {
  const manifestPath = createRequire(fromFile).resolve(`${specifier}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports?: Record<string, unknown>;
    main?: string;
  };
  const root = manifest.exports?.['.'];
  const target =
    typeof root === 'string'
      ? root
      : ((root as { import?: string } | undefined)?.import ?? manifest.main ?? 'index.js');
  return join(dirname(manifestPath), target);
}

async function importFile<T>(path: string): Promise<T> {
  return (await import(pathToFileURL(path).href)) as T;
}

async function load(): Promise<LighthouseModules> {
  // Resolved from here, so the extension's own (pruned) node_modules wins; see scripts/stageAuditModules.mjs.
  const lighthouseEntry = esmEntry('lighthouse', __filename);
  const [core, launcher, puppeteer, logger, pages] = await Promise.all([
    importFile<{
      default: LighthouseModules['lighthouse'];
      desktopConfig: { settings: Record<string, unknown> };
      defaultConfig: LighthouseConfig;
    }>(lighthouseEntry),
    importFile<{ launch: LighthouseModules['launch'] }>(esmEntry('chrome-launcher', __filename)),
    // Lighthouse's own copies, so the page we hand it comes from the puppeteer it expects.
    importFile<{ default: Puppeteer }>(esmEntry('puppeteer-core', lighthouseEntry)),
    importFile<{ default: { events: LighthouseModules['logEvents'] } }>(esmEntry('lighthouse-logger', lighthouseEntry)),
    // The same module instance Lighthouse's gatherers use (same file URL).
    importFile<{ pageFunctions: NonNullable<LighthouseModules['pageFunctions']> }>(
      join(dirname(lighthouseEntry), 'lib', 'page-functions.js'),
    ),
  ]);
  cacheMessageFormat(dirname(lighthouseEntry));
  const version = (
    JSON.parse(readFileSync(join(dirname(lighthouseEntry), '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  return {
    lighthouse: core.default,
    launch: launcher.launch,
    puppeteer: puppeteer.default,
    logEvents: logger.default.events,
    version,
    desktopSettings: core.desktopConfig.settings,
    defaultConfig: core.defaultConfig,
    pageFunctions: pages.pageFunctions,
  };
}

/** Loads Lighthouse, chrome-launcher and puppeteer-core on first use (about 0.8 s), then reuses them. */
export function loadLighthouse(): Promise<LighthouseModules> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
