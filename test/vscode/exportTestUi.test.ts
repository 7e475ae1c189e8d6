import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import {
  connectExtension,
  launchWithExtension,
  requireChromium,
  until,
  type TestBrowser,
} from '../e2e/support/chromium';
import { startShopServer, type ShopServer } from '../e2e/support/shopServer';
import { freePortRun } from '../support/ports';
import {
  installVsix,
  requireCodeServer,
  startCodeServer,
  waitForExtensionConnector,
  type CodeServer,
} from './support/codeServer';
import { copyWorkspace, ROOT } from './support/suiteBuild';
import { chooseMenuItem } from './support/uiRig';
import { callerHeaders } from '../support/callerSecret';

const ARTIFACTS = join(ROOT, '.test-artifacts');
const SPEC = 'order-two-white-teas.spec.ts';

async function api(port: number, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { ...callerHeaders(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

describe('VS Code UI: Export as Test… writes the test where the project keeps its tests (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let server: CodeServer | undefined;
  let ui: Browser | undefined;
  let app: TestBrowser | undefined;
  let shop: ShopServer | undefined;
  let folder: string;
  let workbench: Page;
  let port: number;
  let recordingId = '';

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(ARTIFACTS, { recursive: true });
    folder = copyWorkspace();
    // A project with Playwright set up: its tests live in e2e/specs, not in tests/.
    writeFileSync(
      join(folder, 'playwright.config.ts'),
      "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: './e2e/specs' });\n",
    );
    mkdirSync(join(folder, 'tests'));
    const vsix = join(folder, '..', `bd-export-${Date.now()}.vsix`);
    execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
    port = await freePortRun(1);
    server = await startCodeServer(codeServer, { folder, settings: { 'browserDebug.connector.port': port } });
    assert.match(await installVsix(codeServer, server, vsix), /was successfully installed/);
    rmSync(vsix, { force: true });
    shop = await startShopServer();
    ui = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    workbench = await ui.newPage({ viewport: { width: 1400, height: 900 } });
    await workbench.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForExtensionConnector(server, port);
    app = await launchWithExtension(chromiumPath);
    await connectExtension(app.worker, port);
  });

  after(async () => {
    await app?.close();
    await ui?.close();
    await server?.stop();
    await shop?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** The Recordings view, open. */
  async function recordingsView(): Promise<Locator> {
    await workbench
      .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
      .first()
      .click({ force: true });
    const header = workbench.locator('.pane-header', { hasText: 'Recordings' }).first();
    await header.waitFor({ timeout: 30_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    return header;
  }

  /** Copilot is not signed in here: its sign-in dialog (modal) is closed with Escape. */
  async function closeSignInDialog(appearWithinMs = 10_000): Promise<void> {
    const dialog = workbench.locator('.monaco-dialog-box');
    if (appearWithinMs) await dialog.waitFor({ timeout: appearWithinMs }).catch(() => undefined);
    await until(
      async () => {
        if (!(await dialog.isVisible().catch(() => false))) return true;
        await workbench.keyboard.press('Escape');
        return false;
      },
      20_000,
      'the sign-in dialog to close',
      300,
    );
  }

  /** Right-click the row and choose the item; a menu that opened too early (without it) is closed and opened again. */
  async function contextMenu(row: Locator, label: string): Promise<void> {
    const item = workbench.locator('.monaco-menu .action-label', { hasText: label }).first();
    await until(
      async () => {
        await row.click({ button: 'right' });
        if (
          await item.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          )
        )
          return true;
        await workbench.keyboard.press('Escape');
        return false;
      },
      60_000,
      `"${label}" in the context menu`,
    );
    await chooseMenuItem(workbench, label);
  }

  async function pickPlaywright(): Promise<void> {
    const option = workbench
      .locator('.quick-input-list .monaco-list-row', { hasText: '@playwright/test spec' })
      .first();
    await option.waitFor({ timeout: 20_000 });
    await option.click();
  }

  it("Export as Test… on a recording: Playwright, into playwright.config.ts's testDir, opened", async () => {
    const flow = {
      title: 'Order two white teas',
      steps: [
        { type: 'navigate', url: `${shop!.origin}/` },
        { type: 'change', value: 'bob', selectors: [['aria/User name'], ['#user']] },
        { type: 'click', selectors: [['aria/Sign in[role="button"]'], ['#signin > button']], offsetX: 20, offsetY: 8 },
        { type: 'waitForElement', selectors: [['text/Signed in as bob']] },
      ],
    };
    recordingId = (await api(port, 'POST', '/recordings/import', { flow })).id;
    assert.match(recordingId, /^rec-/);
    await recordingsView();
    const row = workbench.locator('.monaco-list-row', { hasText: 'Order two white teas' }).first();
    await row.waitFor({ timeout: 30_000 });
    await contextMenu(row, 'Export as Test');
    await pickPlaywright();

    const written = join(folder, 'e2e', 'specs', SPEC);
    // The editor opens the test once it is written whole (the file exists, empty, while it is being written).
    await workbench.locator('.tabs-container .tab.active', { hasText: SPEC }).waitFor({ timeout: 20_000 });
    assert.ok(existsSync(written), `the test at ${written}`);
    assert.ok(!existsSync(join(folder, 'tests', SPEC)), 'not in tests/: the Playwright config says e2e/specs');
    assert.match(readFileSync(written, 'utf8'), /import \{ test, expect, type Locator \} from '@playwright\/test';/);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-export-as-test.png') });
  });

  it('after "Ask Copilot to Fix", a replay that says not reproduced offers "Add Regression Test"', async () => {
    const row = workbench.locator('.monaco-list-row', { hasText: 'Order two white teas' }).first();
    await contextMenu(row, 'Ask Copilot to Fix');
    await closeSignInDialog();
    const tab = await app!.context.newPage();
    await tab.goto(`${shop!.origin}/`);
    await tab.bringToFront();
    const verdict = await api(port, 'POST', `/recordings/${recordingId}/replay`, {});
    assert.equal(verdict.verdict, 'not reproduced', verdict.summary);

    const toast = workbench.locator('.notification-toast', { hasText: 'not reproduced after the fix' }).first();
    await toast.waitFor({ timeout: 30_000 });
    // The chat's sign-in dialog may come back late; it makes the workbench inert until closed.
    await closeSignInDialog(0);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-add-regression-test.png') });
    await toast.locator('.monaco-button', { hasText: 'Add Regression Test' }).click();
    await pickPlaywright();
    const second = join(folder, 'e2e', 'specs', SPEC.replace('.spec.ts', '-2.spec.ts'));
    await until(() => existsSync(second), 20_000, `a second test at ${second} (the first is never overwritten)`);
    await tab.close();
  });
});
