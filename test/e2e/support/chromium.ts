/// <reference types="chrome" />
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { startTestConnector, type TestConnector } from '../../support/connector';
import { PairingBook, pairingsFile } from '../../../src/connector/trust/pairingBook';
import { skipRequested } from '../../support/skipRequest';
import { until } from '../../support/until';
import { startFixtureServer, type FixtureServer } from './fixtureServer';
import { startTogether } from '../../support/startTogether';

export const EXTENSION_DIR = resolve(__dirname, '../../../dist/browser-extension');

/** Debian's binary, called directly: /usr/bin/chromium is a wrapper that adds an empty --load-extension. */
export function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/lib/chromium/chromium',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/**
 * Chromium for a suite. `npm test` installs it first (scripts/testSetup.mjs), so a missing browser is a
 * failure; the suite is skipped only when asked with BROWSER_DEBUG_SKIP_UI=1, and says so.
 */
export function requireChromium(suite: Mocha.Context): string {
  const path = chromiumPath();
  if (path) return path;
  if (!skipRequested('BROWSER_DEBUG_SKIP_UI'))
    throw new Error(
      'Chromium is missing: npm test installs it when run as root; otherwise run `sudo apt-get install -y chromium` or set CHROME_PATH.',
    );
  console.log(
    `  skipped as asked (BROWSER_DEBUG_SKIP_UI=1): ${suite.runnable().parent?.fullTitle() ?? 'suite'} needs Chromium`,
  );
  suite.skip();
  return '';
}

export const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--window-size=1280,800',
  // *.example.test: hosts of one site, some in scope (added to extraOrigins) and some not.
  '--host-resolver-rules=MAP outofscope.test 127.0.0.1, MAP *.example.test 127.0.0.1',
];

export interface TestBrowser {
  context: BrowserContext;
  profile: string;
  worker: Worker;
  close(): Promise<void>;
}

/**
 * A real headless Chromium with our unpacked extension loaded, in a fresh profile. `developerMode` turns
 * on chrome://extensions' Developer mode, as for a user who used "Load unpacked": Chrome reloads an
 * unpacked extension (`chrome.runtime.reload()`) only then; without it the extension is left unloaded.
 */
export async function launchWithExtension(
  executablePath: string,
  extensionDir = EXTENSION_DIR,
  extraArgs: string[] = [],
  developerMode = false,
): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'bd-chromium-'));
  if (developerMode) {
    mkdirSync(join(profile, 'Default'));
    writeFileSync(
      join(profile, 'Default', 'Preferences'),
      JSON.stringify({ extensions: { ui: { developer_mode: true } } }),
    );
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: null,
    args: [...FLAGS, `--load-extension=${extensionDir}`, `--disable-extensions-except=${extensionDir}`, ...extraArgs],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context,
    profile,
    worker,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export interface WorkerState {
  ready: boolean;
  connection: string;
  port?: number;
  captured: number;
  queued: number;
  dropped: number;
  /** Everything the outbox holds is written to chrome.storage.session. */
  outboxSaved: boolean;
  /** `workers`: shared and service workers attached on their own while a tab's session is open. */
  debugger: { attaches: number; attached: number; workers: number };
  /** How often this worker injected the content scripts into open tabs. */
  openTabInjections: number;
  /** Present while remote mode streams to an edge. */
  remote?: { state: string; queued: number; dropped: number; lastError?: string; url: string; sessionId: string };
}

export function workerState(worker: Worker): Promise<WorkerState> {
  return worker.evaluate(() =>
    (globalThis as unknown as { browserDebug: { state(): WorkerState } }).browserDebug.state(),
  );
}

/**
 * Pairs the extension with this run's connectors as Launch Browser does: a pairing made by the
 * connector's own side (the run's shared pairings file) written into the extension's storage by the
 * process that started the browser, with no code typed.
 */
export async function seedPairing(worker: Worker): Promise<void> {
  const pairing = new PairingBook(pairingsFile(), () => 0).add('test rig');
  await worker.evaluate((value) => chrome.storage.local.set({ pairing: value }), pairing);
}

/**
 * Points the extension at a connector port (the popup's "Connector port" setting), pairs it unless
 * `pair` is false, and waits for it to connect.
 */
export async function connectExtension(
  worker: Worker,
  port: number,
  extra: Record<string, unknown> = {},
  pair = true,
): Promise<void> {
  await until(async () => (await workerState(worker)).ready);
  if (pair) await seedPairing(worker);
  await worker.evaluate(
    ([fixedPort, more]) =>
      chrome.storage.local.set({
        settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: fixedPort, ...more },
      }),
    [port, extra] as const,
  );
  await until(async () => {
    const state = await workerState(worker);
    return state.connection === 'connected' && state.port === port;
  }, 15_000);
}

export { until };

export interface ExtensionRig {
  browser: TestBrowser;
  connector: TestConnector;
  site: FixtureServer;
}

/**
 * Mocha hooks for a suite: a real connector, the fixture site, and Chromium with our extension
 * (connected to that connector unless `connect` is false). Fields are filled in `before`.
 */
export function extensionRig(options: { connect?: boolean } = {}): ExtensionRig {
  const rig = {} as ExtensionRig;
  before(async function () {
    const executable = requireChromium(this);
    await startTogether([
      startTestConnector().then((connector) => (rig.connector = connector)),
      startFixtureServer().then((site) => (rig.site = site)),
    ]);
    rig.browser = await launchWithExtension(executable);
    if (options.connect !== false) await connectExtension(rig.browser.worker, rig.connector.port);
  });
  after(async () => {
    await rig.browser?.close();
    await Promise.all([rig.connector?.stop(), rig.site?.close()]);
  });
  return rig;
}
