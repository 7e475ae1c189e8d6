/**
 * A pick from the page lands in VS Code: the Element view shows it with its note, and its title actions
 * open the CSS rule's and the component's lines (code-server in Chromium, the VSIX installed, a second
 * Chromium with our extension on a real `npm create vite` react-ts app that is also the workspace).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import {
  connectExtension,
  launchWithExtension,
  requireChromium,
  until,
  type TestBrowser,
} from '../e2e/support/chromium';
import { startApp, type RunningApp } from '../e2e/support/devApps';
import { inspectReactApp } from '../e2e/support/inspectApps';
import { freePortRun } from '../support/ports';
import { installVsix, requireCodeServer, startCodeServer, type CodeServer } from './support/codeServer';
import { ROOT } from './support/suiteBuild';

const ARTIFACTS = join(ROOT, '.test-artifacts');

/** A title-bar action: shown on hover, found by its accessible label. */
async function clickAction(area: Locator, label: string): Promise<void> {
  await area.hover();
  const action = area.locator(`.action-label[aria-label^="${label}"]`).first();
  await action.waitFor({ timeout: 20_000 });
  await action.click();
}

describe('VS Code UI: a picked element in the Element view, Go to CSS Rule and Go to Component (code-server)', function () {
  this.timeout(300_000);
  let server: CodeServer | undefined;
  let ui: Browser | undefined;
  let browser: TestBrowser | undefined;
  let vite: RunningApp | undefined;
  let workbench: Page;
  let port: number;

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(ARTIFACTS, { recursive: true });
    const scratch = mkdtempSync(join(tmpdir(), 'bd-inspect-ui-'));
    const vsix = join(scratch, 'bd-inspect.vsix');
    execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
    vite = await startApp(inspectReactApp);
    port = await freePortRun(1);
    server = await startCodeServer(codeServer, { folder: vite.dir, settings: { 'browserDebug.connector.port': port } });
    assert.match(await installVsix(codeServer, server, vsix), /was successfully installed/);
    rmSync(scratch, { recursive: true, force: true });
    ui = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    workbench = await ui.newPage({ viewport: { width: 1400, height: 900 } });
    await workbench.goto(`${server.url}/?folder=${encodeURIComponent(vite.dir)}`);
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await until(
      async () =>
        await fetch(`http://127.0.0.1:${port}/.identity`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
      'the installed extension to start the connector',
    );
    browser = await launchWithExtension(chromiumPath);
    await connectExtension(browser.worker, port);
  });

  after(async () => {
    await browser?.close();
    await ui?.close();
    await server?.stop();
    await vite?.stop();
  });

  it('a pick made with the shortcut shows in the Element view; Go to CSS Rule opens src/App.css:5, Go to Component src/App.tsx:7; Add to Chat fills the chat', async () => {
    const page = await browser!.context.newPage();
    await page.goto(`${vite!.origin}/`);
    await page.bringToFront();
    await page.waitForSelector('button.counter');
    // Headless Chromium delivers no key press to chrome.commands: the test calls the shortcut's own handler.
    await browser!.worker.evaluate(async () => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      const hooks = (globalThis as unknown as { browserDebug: { shortcut(c: string, t?: chrome.tabs.Tab): unknown } })
        .browserDebug;
      return hooks.shortcut('pick-element', tab);
    });
    await page.waitForSelector('#__browser_debug_picker__', { state: 'attached' });
    await page.hover('button.counter');
    await page.click('button.counter');
    await page.fill('#__browser_debug_picker__ input[name="note"]', 'why purple?');
    await page.press('#__browser_debug_picker__ input[name="note"]', 'Enter');

    await workbench
      .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
      .first()
      .click();
    const header = workbench.locator('.pane-header', { hasText: 'Element' }).first();
    await header.waitFor({ timeout: 30_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await workbench.locator('.monaco-list-row', { hasText: 'why purple?' }).first().waitFor({ timeout: 30_000 });
    await workbench
      .locator('.monaco-list-row', { hasText: /component.*App › Counter \(react\)/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-pick.png') });

    await clickAction(header, 'Go to CSS Rule');
    await workbench.locator('.tabs-container .tab.active', { hasText: 'App.css' }).waitFor({ timeout: 20_000 });
    await workbench.locator('.statusbar-item', { hasText: 'Ln 5, Col 1' }).first().waitFor({ timeout: 10_000 });

    await clickAction(header, 'Go to Component');
    await workbench.locator('.tabs-container .tab.active', { hasText: 'App.tsx' }).waitFor({ timeout: 20_000 });
    await workbench
      .locator('.statusbar-item', { hasText: /Ln 7, Col \d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-go-to-component.png') });

    // Add to Chat: the chat opens with the note and the inspection as the request (Copilot is not signed in here).
    // The chat input is an editor: it renders spaces as no-break spaces, which \s matches.
    await clickAction(header, 'Add to Chat');
    await workbench
      .locator('.interactive-input-part', { hasText: /About\sthis\selement\sI\spicked[\s\S]*Note:\s"why\spurple\?"/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-add-to-chat.png') });
  });
});
