import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { until, type TestBrowser } from '../e2e/support/chromium';
import { startApp, type RunningApp } from '../e2e/support/devApps';
import { viteReactTs } from '../e2e/support/fixtureApps';
import { call, httpClient, textOf } from '../support/mcp';
import type { CodeServer } from './support/codeServer';
import { ARTIFACTS, runCommand, startUiRig, type UiRig } from './support/uiRig';

function findFiles(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: false })
    .map(String)
    .filter((name) => match.test(name))
    .map((name) => join(dir, name));
}

describe('VS Code UI (code-server in Chromium, the VSIX installed, a second Chromium on the fixture app)', function () {
  this.timeout(300_000);
  let rig: UiRig | undefined;
  let server: CodeServer;
  let app: TestBrowser;
  let workbench: Page;
  let port: number;
  let origin: string;
  let vite: RunningApp | undefined;

  before(async function () {
    // A real `npm create vite` react-ts app (installed once into the app cache); the user maps its URL to its folder.
    vite = await startApp(viteReactTs);
    rig = await startUiRig(this, {
      settings: {
        'workbench.colorTheme': 'Default Dark Modern',
        'browserDebug.sourceMaps.pathMapping': { [`${vite.origin}/`]: `${vite.dir}/` },
      },
    });
    ({ server, workbench, app, port, origin } = rig);
  });

  after(async () => {
    await vite?.stop();
    await rig?.stop();
  });

  it('the installed VSIX activates: the connector answers and the status bar shows Browser Debug', async () => {
    const identity = await (await fetch(`http://127.0.0.1:${port}/.identity`)).json();
    assert.equal(identity.name, 'browser-debug-connector');
    await workbench
      .locator('.statusbar-item', { hasText: /Browser Debug|Fixture/ })
      .first()
      .waitFor({ timeout: 30_000 });
  });

  it('lists the fixture’s errors in the Console view, and a click opens the editor at the line', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${origin}/index.html`);
    await workbench
      .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
      .first()
      .click({ force: true });
    const row = workbench.locator('.monaco-list-row', { hasText: 'Uncaught Error: plain failure' }).first();
    await row.waitFor({ timeout: 30_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-console-view.png') });
    await row.click();
    await workbench.locator('.tabs-container .tab.active', { hasText: 'plain.js' }).waitFor({ timeout: 20_000 });
    await workbench.locator('.statusbar-item', { hasText: 'Ln 3, Col 9' }).first().waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-jump-to-source.png') });
    await page.close();
  });

  it('Vite react-ts: the warning shows App.tsx:6 with ×2, and a click opens src/App.tsx at line 6', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${vite!.origin}/`);
    // Open the Browser Debug side bar unless an earlier case left it open (a second click would close it).
    if (!(await workbench.locator('.pane-header', { hasText: 'Console' }).first().isVisible())) {
      await workbench
        .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
        .first()
        .click({ force: true });
    }
    const row = workbench.locator('.monaco-list-row', { hasText: 'bd fixture: warn from App' }).first();
    await row.waitFor({ timeout: 30_000 });
    // The original line, not the transformed module's 9; StrictMode's second run folds into ×2.
    await workbench
      .locator('.monaco-list-row', { hasText: /bd fixture: warn from App.*App\.tsx:6 ×2/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await row.click();
    await workbench.locator('.tabs-container .tab.active', { hasText: 'App.tsx' }).waitFor({ timeout: 20_000 });
    await workbench
      .locator('.statusbar-item', { hasText: /Ln 6, Col \d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-vite-jump.png') });
    // The dashboard shows the same: the original location, the pair as one row.
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    let dashboardRow;
    await until(
      async () => {
        for (const frame of workbench.frames()) {
          const found = frame.locator('#console-rows .row', { hasText: 'bd fixture: warn from App ×2' });
          if (await found.count().catch(() => 0)) {
            dashboardRow = found.first();
            return true;
          }
        }
        return false;
      },
      30_000,
      'the warning in the dashboard',
    );
    assert.match(String(await dashboardRow!.locator('.source').textContent()), /^\/src\/App\.tsx:6:\d+$/);
    await page.close();
  });

  it('shows a page’s console.error in the Console view quickly (figure for the README)', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${origin}/index.html`);
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      // One error at a time, as a page usually logs them: VS Code batches tree refreshes within 200 ms.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const text = `latency probe ${i}`;
      const started = Date.now();
      await page.evaluate((message) => console.error(message), text);
      await workbench.locator('.monaco-list-row', { hasText: text }).first().waitFor({ timeout: 10_000 });
      times.push(Date.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`      console.error → Console view row: median ${times[3]} ms (${times.join(', ')})`);
    await page.close();
  });

  it('"Browser Debug: Capture Screenshot" writes the image and opens it', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${origin}/index.html`);
    await page.bringToFront();
    await runCommand(workbench, 'Browser Debug: Capture Screenshot');
    await workbench
      .locator('.tabs-container .tab.active', { hasText: /screenshot-.*\.png/ })
      .waitFor({ timeout: 30_000 });
    const written = findFiles(server!.dir, /screenshot-.*\.png$/);
    assert.equal(written.length, 1, written.join(', '));
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-screenshot-opened.png') });
    await page.close();
  });

  it('the dashboard shows live entries as they arrive', async () => {
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    const frame = async () => {
      for (const candidate of workbench.frames()) {
        if (
          await candidate
            .locator('#app vscode-tabs')
            .count()
            .catch(() => 0)
        )
          return candidate;
      }
      return undefined;
    };
    await until(async () => (await frame()) !== undefined, 30_000, 'the dashboard webview');
    const dashboard = (await frame())!;
    await dashboard.locator('.row', { hasText: 'plain failure' }).first().waitFor({ timeout: 20_000 });
    const page = await app!.context.newPage();
    await page.goto(`${origin}/index.html`);
    await page.evaluate(() => console.warn('live dashboard entry'));
    await dashboard.locator('.row', { hasText: 'live dashboard entry' }).first().waitFor({ timeout: 20_000 });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      await page.evaluate((n) => console.error(`dashboard probe ${n}`), i);
      await dashboard
        .locator('.row', { hasText: `dashboard probe ${i}` })
        .first()
        .waitFor({ timeout: 10_000 });
      times.push(Date.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`      console.error → dashboard row: median ${times[2]} ms (${times.join(', ')})`);
    await dashboard.locator('vscode-tab-header', { hasText: 'Network' }).click();
    await dashboard.locator('.network .row', { hasText: '/plain.js' }).first().waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard.png') });
    await page.close();
  });

  it("the dashboard's Agent tab shows what the assistant did in the browser, as it happens", async () => {
    const find = async () => {
      for (const candidate of workbench.frames())
        if (
          await candidate
            .locator('#app vscode-tabs')
            .count()
            .catch(() => 0)
        )
          return candidate;
      return undefined;
    };
    if (!(await find())) await runCommand(workbench, 'Browser Debug: Open Dashboard');
    await until(async () => (await find()) !== undefined, 30_000, 'the dashboard webview');
    const view: Frame = (await find())!;
    const page = await app!.context.newPage();
    await page.goto(`${origin}/index.html`);
    await page.bringToFront();
    await view.locator('vscode-tab-header', { hasText: 'Agent' }).click();
    const { client } = await httpClient(port);
    const target = `${origin}/index.html?agent=1`;
    const answer = await call(client, 'navigate_to_url', { url: target });
    assert.ok(!answer.isError, textOf(answer));
    const row = view.locator('.agent-rows .row', { hasText: 'navigate_to_url' }).first();
    await row.waitFor({ timeout: 20_000 });
    assert.match((await row.textContent()) ?? '', /navigate_to_url.*agent=1.*✓ ok/s);
    await call(client, 'navigate_history', { action: 'forward' });
    await view.locator('.agent-rows .row.error', { hasText: 'navigate_history' }).first().waitFor({ timeout: 20_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard-agent.png') });
    await Promise.all([client.close(), page.close()]);
  });

  it('runs an accessibility audit from the installed VSIX (pruned Lighthouse inside) and shows the scores', async () => {
    await runCommand(workbench, 'Browser Debug: Run Accessibility Audit');
    const input = workbench.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`${origin}/index.html`);
    await workbench.keyboard.press('Enter');
    let gauge;
    await until(
      async () => {
        for (const frame of workbench.frames()) {
          const found = frame.locator('.gauge figcaption', { hasText: 'Accessibility' });
          if (await found.count().catch(() => 0)) {
            gauge = frame.locator('.gauge');
            return true;
          }
        }
        return false;
      },
      120_000,
      'the audit scores in the dashboard',
    );
    const score = Number(await gauge!.first().locator('.gauge-value').textContent());
    assert.ok(score > 0 && score <= 100, `score ${score}`);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-audit.png') });
  });

  it('"Record Performance Trace" fills the Performance tab: vitals, long tasks whose script opens its file, insights', async () => {
    const page = await app!.context.newPage();
    await page.goto(`${origin}/slow.html`);
    await page.bringToFront();
    await runCommand(workbench, 'Browser Debug: Record Performance Trace');
    // It says first that the page reloads; the first choice reloads and traces.
    await workbench
      .locator('.quick-input-widget', { hasText: 'the page reloads while tracing' })
      .waitFor({ timeout: 10_000 });
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'Reload and trace' }).first().click();
    let dashboard: Frame | undefined;
    await until(
      async () => {
        for (const frame of workbench.frames()) {
          if (
            await frame
              .locator('.longtasks .script', { hasText: 'slow.js' })
              .count()
              .catch(() => 0)
          )
            dashboard = frame;
        }
        return Boolean(dashboard);
      },
      120_000,
      'the trace in the dashboard',
    );
    assert.equal(await dashboard!.locator('vscode-tab-header[active] .tab-name').textContent(), 'Performance');
    await dashboard!.locator('vscode-button', { hasText: 'Open trace file' }).waitFor();
    assert.ok((await dashboard!.locator('.insights li').count()) > 0, 'the insights are listed');
    await dashboard!
      .locator('.vitals .vital.good, .vitals .vital.needs-improvement, .vitals .vital.poor')
      .first()
      .waitFor({ timeout: 30_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-performance.png') });
    await dashboard!.locator('.longtasks .script', { hasText: 'slow.js' }).first().click();
    await workbench.locator('.tabs-container .tab.active', { hasText: 'slow.js' }).waitFor({ timeout: 20_000 });
    await page.close();
  });
});
