/**
 * A pick from the page lands in VS Code: the Element view shows it with its note, and its title actions
 * open the CSS rule's and the component's lines (code-server in Chromium, the VSIX installed, a second
 * Chromium with our extension on a real `npm create vite` react-ts app that is also the workspace).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
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
import {
  installVsix,
  requireCodeServer,
  startCodeServer,
  waitForExtensionConnector,
  type CodeServer,
} from './support/codeServer';
import { ROOT } from './support/suiteBuild';
import { clickAction, expandView, openSideBar, runCommand } from './support/uiRig';

const ARTIFACTS = join(ROOT, '.test-artifacts');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('VS Code UI: a picked element in the Element view, Go to CSS Rule and Go to Component (code-server)', function () {
  this.timeout(300_000);
  let server: CodeServer | undefined;
  let ui: Browser | undefined;
  let browser: TestBrowser | undefined;
  let vite: RunningApp | undefined;
  let workbench: Page;
  let port: number;
  let shots: string;

  /** The whole request in the chat input (it shows only its first lines): copied out of it once it begins with `start`. */
  async function chatRequest(start: RegExp): Promise<string> {
    // The chat input is an editor: it renders spaces as no-break spaces, which \s matches.
    const input = workbench.locator('.interactive-input-part', { hasText: start }).first();
    await input.waitFor({ timeout: 30_000 });
    await input.locator('.monaco-editor').first().click();
    await workbench.keyboard.press('Control+A');
    await workbench.keyboard.press('Control+C');
    return workbench.evaluate(() => navigator.clipboard.readText());
  }

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(ARTIFACTS, { recursive: true });
    const scratch = mkdtempSync(join(tmpdir(), 'bd-inspect-ui-'));
    shots = mkdtempSync(join(tmpdir(), 'bd-inspect-shots-'));
    const vsix = join(scratch, 'bd-inspect.vsix');
    execFileSync(process.execPath, ['scripts/packageBrowserExtension.mjs'], { cwd: ROOT });
    execFileSync(process.execPath, ['scripts/packageVsix.mjs', vsix], { cwd: ROOT, stdio: 'pipe' });
    vite = await startApp(inspectReactApp);
    port = await freePortRun(1);
    server = await startCodeServer(codeServer, {
      folder: vite.dir,
      settings: { 'browserDebug.connector.port': port, 'browserDebug.screenshots.folder': shots },
    });
    assert.match(await installVsix(codeServer, server, vsix), /was successfully installed/);
    rmSync(scratch, { recursive: true, force: true });
    ui = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    // Clipboard access: the chat checks copy the whole prompt out of the chat input, which shows only its first lines.
    workbench = await ui.newPage({
      viewport: { width: 1400, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await workbench.goto(`${server.url}/?folder=${encodeURIComponent(vite.dir)}`);
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForExtensionConnector(server, port);
    browser = await launchWithExtension(chromiumPath);
    await connectExtension(browser.worker, port);
  });

  after(async () => {
    await browser?.close();
    await ui?.close();
    await server?.stop();
    await vite?.stop();
    if (shots) rmSync(shots, { recursive: true, force: true });
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
    // The note field has the focus; the page cannot reach it (closed shadow root), the keyboard can.
    await page.keyboard.type('why purple?');
    await page.keyboard.press('Enter');

    await workbench
      .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
      .first()
      .click({ force: true });
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
    const asked = await chatRequest(/About\sthis\selement\sI\spicked/);
    assert.match(
      asked,
      /\n--- page content ([0-9a-f]{8}) \(untrusted;[^\n]*\n[\s\S]*Note: "why purple\?"[\s\S]*\n--- end of page content \1 ---/,
      asked,
    );
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-add-to-chat.png') });
  });

  it('"Browser Debug: Pick Element" from the command palette starts the picker, the click shows in the Element view, and Add to Chat puts the inspection and a screenshot cropped to the element in the chat request', async () => {
    const page = await browser!.context.newPage();
    await page.goto(`${vite!.origin}/`);
    await page.bringToFront();
    await page.waitForSelector('div.card');
    // The app's own listener on the card: the pick's click must not reach it.
    await page.evaluate(() => {
      (window as unknown as { clicks: number }).clicks = 0;
      document
        .querySelector('div.card')!
        .addEventListener('click', () => (window as unknown as { clicks: number }).clicks++);
    });

    await runCommand(workbench, 'Browser Debug: Pick Element');
    await page.waitForSelector('#__browser_debug_picker__', { state: 'attached', timeout: 30_000 });
    // The card's own padding, not the button inside it.
    await page.hover('div.card', { position: { x: 6, y: 6 } });
    await page.click('div.card', { position: { x: 6, y: 6 } });
    // The note field has the focus; the page cannot reach it (closed shadow root), the keyboard can.
    await page.keyboard.type('from the palette');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#__browser_debug_picker__', { state: 'detached', timeout: 20_000 });
    assert.equal(await page.evaluate(() => (window as unknown as { clicks: number }).clicks), 0);

    await openSideBar(workbench);
    const header = await expandView(workbench, 'Element');
    await workbench.locator('.monaco-list-row', { hasText: 'from the palette' }).first().waitFor({ timeout: 30_000 });
    await workbench
      .locator('.monaco-list-row', { hasText: /component.*App \(react\)/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-pick-command.png') });

    // Add to Chat: the request carries the note, the inspection and the element's screenshot. VS Code for the Web
    // (code-server) cannot attach an image file (its chat reads images only from file: URIs of a desktop window),
    // so the request names the screenshot's path and size: that is what a user of a remote or web window gets.
    const box = await page.locator('div.card').boundingBox();
    const before = new Set(readdirSync(shots));
    await clickAction(header, 'Add to Chat');
    let shot = '';
    await until(
      () => Boolean((shot = readdirSync(shots).find((name) => name.endsWith('.png') && !before.has(name)) ?? '')),
      30_000,
      'the element screenshot in the screenshot folder',
    );
    const asked = await chatRequest(/Screenshot\sof\sthe\selement\s\(\d+×\d+\):/);
    assert.match(asked, /Note: "from the palette"[\s\S]*<div>/, asked);
    const text = asked.replace(/\s+/g, '');
    assert.ok(text.includes(join(shots, shot).replace(/\s+/g, '')), `the request names ${shot}:\n${text}`);
    // Cropped: the image is the card's size (device pixel ratio 1 here), not the 1280×800 viewport.
    const size = pngSize(join(shots, shot));
    assert.ok(Math.abs(size.width - Math.round(box!.width)) <= 2, `${size.width} vs ${box!.width}`);
    assert.ok(Math.abs(size.height - Math.round(box!.height)) <= 2, `${size.height} vs ${box!.height}`);
    assert.ok(text.includes(`(${size.width}×${size.height}):`), text);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-element-add-to-chat-screenshot.png') });
  });
});
