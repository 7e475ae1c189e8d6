import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
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
import { clickAction } from './support/uiRig';
import { callerHeaders } from '../support/callerSecret';

const ARTIFACTS = join(ROOT, '.test-artifacts');

async function json(port: number, path: string): Promise<any> {
  return (await fetch(`http://127.0.0.1:${port}${path}`, { headers: callerHeaders() })).json();
}

describe('VS Code UI: record from the Recordings view, replay, see the verdict (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let server: CodeServer | undefined;
  let ui: Browser | undefined;
  let app: TestBrowser | undefined;
  let shop: ShopServer | undefined;
  let folder: string;
  let workbench: Page;
  let port: number;

  before(async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    mkdirSync(ARTIFACTS, { recursive: true });
    folder = copyWorkspace();
    const vsix = join(folder, '..', `bd-rec-${Date.now()}.vsix`);
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
    // Clipboard access: the chat tests copy the whole prompt out of the chat input, which shows only its first lines.
    workbench = await ui.newPage({
      viewport: { width: 1400, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await workbench.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForExtensionConnector(server, port);
    app = await launchWithExtension(chromiumPath);
    await connectExtension(app.worker, port);
  });

  /** Copilot is not signed in here: its sign-in dialog makes the workbench inert until closed. */
  async function closeSignInDialog(): Promise<void> {
    const dialog = workbench.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 10_000 }).catch(() => undefined);
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

  after(async () => {
    await app?.close();
    await ui?.close();
    await server?.stop();
    await shop?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('Record in the view title, use the page, Stop, Replay on the row: a "Reproduced" notification', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${shop!.origin}/`);
    await page.bringToFront();
    await workbench
      .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
      .first()
      .click({ force: true });
    const header = workbench.locator('.pane-header', { hasText: 'Recordings' }).first();
    await header.waitFor({ timeout: 30_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();

    await clickAction(header, 'Start Recording');
    await until(
      async () =>
        (await json(port, '/recordings')).recordings.some((row: { state: string }) => row.state === 'recording'),
      30_000,
      'a running recording',
    );
    await until(
      () => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))),
      10_000,
      'the badge in the page',
    );
    await page.fill('#user', 'alice');
    await page.fill('#password', 'p4ss');
    await page.click('button:has-text("Sign in")');
    await page.fill('#qty', '0');
    await page.keyboard.press('Enter');
    await until(
      async () =>
        (await json(port, '/console-errors')).errors.some((entry: { message: string }) =>
          entry.message.includes('Order failed'),
        ),
      20_000,
      'the order error',
    );
    await until(
      async () =>
        (await json(port, '/network-errors')).errors.some((entry: { url: string }) => entry.url.endsWith('/api/order')),
      20_000,
      'the failed order request',
    );

    await clickAction(header, 'Stop Recording');
    const row = workbench.locator('.monaco-list-row', { hasText: /steps · 2 errors/ }).first();
    await row.waitFor({ timeout: 30_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-recordings-view.png') });

    await clickAction(row, 'Replay Recording');
    const toast = workbench.locator('.notification-toast', { hasText: 'Reproduced' }).first();
    await toast.waitFor({ timeout: 60_000 });
    assert.match(
      (await toast.locator('.notification-list-item-message').first().textContent()) ?? '',
      /Reproduced: 2 of the recording's 2 errors and failed requests happened again \(first: POST .*\/api\/order → 500/,
    );
    await workbench
      .locator('.monaco-list-row', { hasText: /· reproduced/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-recording-verdict.png') });

    await page.close();
  });

  it('the dashboard shows the last verdict above its tabs', async () => {
    await workbench.locator('.part.sidebar .composite.title').first().click();
    await workbench.keyboard.press('F1');
    await workbench.locator('.quick-input-widget input').fill('>Browser Debug: Open Dashboard');
    await workbench
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Browser Debug: Open Dashboard' })
      .first()
      .waitFor();
    await workbench.keyboard.press('Enter');
    let banner: Locator | undefined;
    await until(
      async () => {
        for (const frame of workbench.frames()) {
          const found = frame.locator('section.verdict.bad');
          if (await found.count().catch(() => 0)) return Boolean((banner = found.first()));
        }
        return false;
      },
      30_000,
      'the verdict banner in the dashboard',
    ).catch(async (error) => {
      await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard-verdict-failed.png') });
      throw error;
    });
    const text = (await banner!.textContent()) ?? '';
    assert.match(text, /: reproduced — Reproduced: 2 of/);
    assert.match(text, /Recurring \(2\)after step \d+: POST .*\/api\/order → 500/);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard-verdict.png') });
  });

  it('"Ask Copilot to Fix" on the recording opens the chat with its steps and errors', async () => {
    const row = workbench.locator('.monaco-list-row', { hasText: /· reproduced/ }).first();
    await clickAction(row, 'Ask Copilot to Fix');
    // The prompt waits in the chat input for the user to send it (isPartialQuery). The input is an editor: it
    // renders spaces as no-break spaces, which \s matches.
    const request = workbench
      .locator('.interactive-input-part', { hasText: /Fix\sthe\sbug\sin\sthis\sbrowser\srecording/ })
      .first();
    await request.waitFor({ timeout: 30_000 });
    // The input shows the first lines; the whole prompt, copied out of it, has the steps fenced and our words after.
    await request.locator('.monaco-editor').first().click();
    await workbench.keyboard.press('Control+A');
    await workbench.keyboard.press('Control+C');
    const prompt = await workbench.evaluate(() => navigator.clipboard.readText());
    assert.match(
      prompt,
      /\n--- page content ([0-9a-f]{8}) \(untrusted;[^\n]*\n[\s\S]*keyDown Enter[\s\S]*Order failed with status 500[\s\S]*\n--- end of page content \1 ---\nFind the cause[^\n]*replay_recording/,
      prompt,
    );
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-recording-ask-copilot.png') });
    await closeSignInDialog();
  });

  it('"Ask Copilot to Fix" on a console error sends the error and where it is', async () => {
    const row = workbench.locator('.monaco-list-row', { hasText: 'Order failed with status 500' }).first();
    // The row's own action, one click (the context menu has it too).
    await clickAction(row, 'Ask Copilot to Fix');
    const request = workbench
      .locator('.interactive-input-part', { hasText: /Fix\sthis\serror\sfrom\sthe\sbrowser/ })
      .first();
    await request.waitFor({ timeout: 30_000 }).catch(async (error) => {
      await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-error-ask-copilot-failed.png') });
      throw error;
    });
    assert.match((await request.textContent()) ?? '', /Order\sfailed\swith\sstatus\s500[\s\S]*shop\.js/);
    await closeSignInDialog();
  });
});
