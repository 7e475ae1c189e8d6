import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { requireChromium } from '../../e2e/support/chromium';
import { freePortRun } from '../../support/ports';
import { until } from '../../support/until';
import {
  installVsix,
  requireCodeServer,
  startCodeServer,
  waitForExtensionConnector,
  type CodeServer,
} from './codeServer';
import { settledPicture, type PictureOptions } from './settledPicture';
import { copyWorkspace, ROOT } from './suiteBuild';
import { ARTIFACTS, runCommand } from './uiRig';

/**
 * The README's pictures: taken here, from the installed VSIX, so they show the extension as it is. They replace
 * docs/images only when asked (`npm run pictures`); a test run writes them to .test-artifacts and leaves the tree clean.
 */
const PICTURES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs' ? join(ROOT, 'docs', 'images') : join(ARTIFACTS, 'pictures');
const WALKTHROUGH = 'Get Started with Browser Debug';

export interface MarketplaceRig {
  server: CodeServer | undefined;
  ui: Browser | undefined;
  /** Serves the workspace, as the developer's dev server would. */
  site: Server | undefined;
  folder: string;
  /** code-server's workbench in Chromium. */
  workbench: Page;
  /** The connector's port. */
  port: number;
  origin: string;
  /** The extension's global storage folder. */
  storage: string;
  /** Saves a README picture of the workbench once it has settled (support/settledPicture.ts). */
  picture(name: string, options?: PictureOptions): Promise<Buffer>;
  toast(text: string | RegExp): Locator;
  /** Clears the notifications, so that none covers the next picture. */
  clearToasts(): Promise<void>;
  /** A step of the walkthrough. */
  step(title: string): Locator;
  stepDone(title: string): Promise<boolean>;
  untilStepDone(title: string): Promise<void>;
  showWalkthrough(): Promise<void>;
}

/**
 * Mocha hooks: the packaged VSIX installed in code-server as from the Marketplace (with a Chromium wrapper for
 * Launch Browser on this machine), the workspace served, and code-server's workbench open in Chromium. After a
 * failed case, a screenshot goes to .test-artifacts; after each case, the Welcome tab is closed.
 */
export function marketplaceRig(): MarketplaceRig {
  const rig = {} as MarketplaceRig;
  rig.picture = (name: string, options?: PictureOptions) =>
    settledPicture(rig.workbench, join(PICTURES, name), options);
  rig.toast = (text: string | RegExp) => rig.workbench.locator('.notification-toast', { hasText: text }).first();
  rig.clearToasts = async () => {
    await runCommand(rig.workbench, 'Notifications: Clear All Notifications');
    await rig.workbench.locator('.notification-toast').first().waitFor({ state: 'hidden', timeout: 20_000 });
  };
  rig.step = (title: string) => rig.workbench.locator('.getting-started-step', { hasText: title }).first();
  // The step's check mark (`data-done-step-id`) gets the class "complete" when its completion event fires.
  rig.stepDone = async (title: string) =>
    /\bcomplete\b/.test((await rig.step(title).locator('[data-done-step-id]').first().getAttribute('class')) ?? '');
  // Waits for a step, showing the walkthrough again if the Welcome page went back to its home meanwhile.
  rig.untilStepDone = (title: string) =>
    until(
      async () => {
        await rig.showWalkthrough();
        return rig.stepDone(title);
      },
      20_000,
      `the step "${title}" to complete`,
      250,
    );

  rig.showWalkthrough = async () => {
    if (await rig.step('Connect a browser').isVisible()) return;
    await runCommand(rig.workbench, 'Welcome: Open Walkthrough');
    await rig.workbench.locator('.quick-input-list .monaco-list-row', { hasText: WALKTHROUGH }).first().click();
    await rig.step('Connect a browser').waitFor({ timeout: 20_000 });
  };

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(PICTURES, { recursive: true });
    rig.folder = copyWorkspace();
    const vsix = join(rig.folder, '..', `bd-marketplace-${Date.now()}.vsix`);
    execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
    console.log(`      VSIX (development build): ${(statSync(vsix).size / 1024 / 1024).toFixed(1)} MB`);
    rig.port = await freePortRun(1);
    // Launch Browser starts "Chromium" headless here: a wrapper adds what this machine needs.
    const wrapperDir = join(rig.folder, '..', `bd-chromium-${Date.now()}`);
    mkdirSync(wrapperDir, { recursive: true });
    const wrapper = join(wrapperDir, 'chromium');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nexec ${chromiumPath} --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --window-size=1280,800 "$@"\n`,
    );
    chmodSync(wrapper, 0o755);
    rig.server = await startCodeServer(codeServer, {
      folder: rig.folder,
      settings: {
        'browserDebug.connector.port': rig.port,
        'workbench.colorTheme': 'Default Dark Modern',
        'workbench.tips.enabled': false,
        // The pictures show the editor, not an empty chat.
        'workbench.secondarySideBar.defaultVisibility': 'hidden',
      },
      env: { CHROME_PATH: wrapper },
    });
    rig.storage = join(rig.server.dir, 'data', 'User', 'globalStorage', 'browser-debug.browser-debug');
    assert.match(await installVsix(codeServer, rig.server, vsix), /was successfully installed/);
    rmSync(vsix, { force: true });
    rig.site = createServer((req, res) => {
      try {
        res.end(readFileSync(join(rig.folder, new URL(req.url ?? '/', 'http://x').pathname)));
      } catch {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => rig.site!.listen(0, '127.0.0.1', resolve));
    rig.origin = `http://127.0.0.1:${(rig.site.address() as AddressInfo).port}`;
    rig.ui = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    rig.workbench = await rig.ui.newPage({ viewport: { width: 1280, height: 800 } });
    await rig.workbench.goto(`${rig.server.url}/?folder=${encodeURIComponent(rig.folder)}`);
    await rig.workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForExtensionConnector(rig.server, rig.port);
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'failed' || !rig.workbench) return;
    mkdirSync(join(ROOT, '.test-artifacts'), { recursive: true });
    const name = this.currentTest.title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await rig.workbench
      .screenshot({ path: join(ROOT, '.test-artifacts', `marketplace-${name}.png`) })
      .catch(() => undefined);
  });

  // The walkthrough moves focus to its next step when one completes, which can close a palette the next
  // case opens (or take its Enter): each case leaves it closed.
  afterEach(async () => {
    const welcome = rig.workbench?.locator('.tabs-container .tab', { hasText: 'Welcome' }).first();
    if (!welcome || !(await welcome.isVisible())) return;
    await welcome.hover();
    await welcome.locator('.tab-actions .action-label').first().click();
    await welcome.waitFor({ state: 'detached', timeout: 10_000 });
  });

  after(async () => {
    await rig.ui?.close();
    // The browsers Launch Browser started (their profile is in this code-server's storage), ended by id.
    const launched = rig.storage
      ? spawnSync('pgrep', ['-f', join(rig.storage, 'browser-profile')], { encoding: 'utf8' }).stdout
      : '';
    const pids = launched.split('\n').filter(Boolean).map(Number);
    for (const pid of pids) spawnSync('kill', [String(pid)]);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until(() => !pids.some(alive), 10_000, 'the launched browsers to exit').catch(() => undefined);
    await rig.server?.stop();
    await new Promise((resolve) => (rig.site ? rig.site.close(resolve) : resolve(undefined)));
    if (rig.folder) rmSync(rig.folder, { recursive: true, force: true });
  });
  return rig;
}
