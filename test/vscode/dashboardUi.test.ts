import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { call, httpClient, textOf } from '../support/mcp';
import { until } from '../support/until';
import { ARTIFACTS, frameWith, runCommand, startUiRig, type UiRig } from './support/uiRig';
import { callerHeaders } from '../support/callerSecret';

const DEEP = 'a-rather-long-folder-name/with-several-levels/of-nesting-inside-the-app/and-one-more-level';

describe('VS Code UI: the dashboard (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let page: Page;
  let dashboard: Frame;

  before(async function () {
    // The whole suite runs in a high contrast theme: the last case checks its colours.
    rig = await startUiRig(this, { settings: { 'workbench.colorTheme': 'Default High Contrast' } });
    workbench = rig.workbench;
    // Next.js (Turbopack) style: the map names the original by its absolute file URL.
    const bundle = readFileSync(join(rig.folder, 'dist', 'bundle.js'), 'utf8');
    writeFileSync(
      join(rig.folder, 'dist', 'turbo.js'),
      bundle.replace('sourceMappingURL=bundle.js.map', 'sourceMappingURL=turbo.js.map'),
    );
    const map = JSON.parse(readFileSync(join(rig.folder, 'dist', 'bundle.js.map'), 'utf8'));
    writeFileSync(
      join(rig.folder, 'dist', 'turbo.js.map'),
      JSON.stringify({ ...map, sources: [`file://${rig.folder}/src/app.ts`] }),
    );
    mkdirSync(join(rig.folder, DEEP), { recursive: true });
    writeFileSync(join(rig.folder, DEEP, 'logger.js'), 'function wide(message) {\n  console.warn(message);\n}\n');
    writeFileSync(
      join(rig.folder, 'dash.html'),
      `<!doctype html><html><head><title>Dashboard fixture</title></head><body>
<script src="/dist/turbo.js"></script><script src="/${DEEP}/logger.js"></script></body></html>`,
    );
    page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/dash.html`);
    await page.bringToFront();
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    dashboard = await frameWith(workbench, '#app vscode-tabs', 'the dashboard webview');
  });

  after(async () => {
    await rig?.stop();
  });

  const active = () =>
    dashboard.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return { className: element?.className ?? '', key: element?.dataset.key, role: element?.getAttribute('role') };
    });

  it('the filter box keeps focus and its text while logs stream in', async () => {
    const search = dashboard.locator('vscode-textfield.search input');
    await search.click();
    const streaming = page.evaluate(async () => {
      for (let i = 0; i < 40; i++) {
        console.log(`bd keep ${i}`);
        console.log(`bd other ${i}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    await search.pressSequentially('bd keep', { delay: 60 });
    await streaming;
    await dashboard.locator('#console-rows [role="treeitem"]', { hasText: 'bd keep 39' }).waitFor({ timeout: 20_000 });
    assert.equal((await active()).className, 'search', 'the filter box still has focus');
    assert.equal(await search.inputValue(), 'bd keep');
    assert.equal(await dashboard.locator('#console-rows [role="treeitem"]', { hasText: 'bd other' }).count(), 0);
    await search.fill('');
  });

  it('rows form a tree: arrows move, Enter expands the full message and mapped stack, a frame opens the source', async () => {
    await page.evaluate(() => setTimeout(() => (window as unknown as { App: { crash(): void } }).App.crash()));
    const row = dashboard.locator('#console-rows [role="treeitem"]', { hasText: 'mapped failure' }).first();
    await row.waitFor({ timeout: 20_000 });
    assert.equal(await dashboard.locator('#console-rows').getAttribute('role'), 'tree');
    assert.equal(await dashboard.locator('vscode-tab-header[active]').getAttribute('role'), 'tab');
    assert.equal(await dashboard.locator('vscode-tab-header[active]').getAttribute('aria-selected'), 'true');
    // Next.js-style absolute sources read relative to the workspace.
    await until(
      async () => (await row.locator('.source').textContent()) === 'src/app.ts:4:9',
      20_000,
      'the workspace-relative source',
    );
    assert.equal(await row.getAttribute('aria-expanded'), 'false');
    await row.focus();
    await workbench.keyboard.press('Enter');
    assert.equal(await row.getAttribute('aria-expanded'), 'true');
    await row.locator('.details pre.full-message', { hasText: 'mapped failure' }).waitFor();
    const frame = row.locator('.frames a.frame-link').first();
    await frame.waitFor({ timeout: 20_000 });
    assert.match((await frame.textContent()) ?? '', /^at (Object\.)?crash \(src\/app\.ts:4:9\)$/);
    const key = (await active()).key;
    await workbench.keyboard.press('ArrowDown');
    const next = await active();
    assert.equal(next.role, 'treeitem');
    assert.notEqual(next.key, key, 'focus moved to the next row');
    // Logs streaming in keep the focused row focused.
    await page.evaluate(() => console.log('bd while focused'));
    await dashboard.locator('#console-rows [role="treeitem"]', { hasText: 'bd while focused' }).waitFor();
    assert.equal((await active()).key, next.key);
    await workbench.keyboard.press('ArrowUp');
    assert.equal((await active()).key, key);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard-expanded.png') });
    await workbench.keyboard.press('ArrowLeft');
    assert.equal(await row.getAttribute('aria-expanded'), 'false');
    await workbench.keyboard.press('ArrowRight');
    await frame.click();
    await workbench.locator('.tabs-container .tab.active', { hasText: 'app.ts' }).waitFor({ timeout: 20_000 });
    await workbench
      .locator('.statusbar-item', { hasText: /Ln 4, Col \d+/ })
      .first()
      .waitFor({ timeout: 10_000 });
  });

  it('the message column is not squeezed by a long source path', async () => {
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    const message = `bd wide: ${'a message that needs the room '.repeat(8)}`;
    await page.evaluate((text) => (window as unknown as { wide(m: string): void }).wide(text), message);
    const row = dashboard.locator('#console-rows [role="treeitem"]', { hasText: 'bd wide' }).first();
    await row.waitFor({ timeout: 20_000 });
    await until(
      async () => ((await row.locator('.source').textContent()) ?? '').includes('logger.js:2'),
      20_000,
      'the source',
    );
    // No named helpers inside evaluate: the test runner's transpiler would wrap them in a missing __name.
    const widths = await row.evaluate((item) => ({
      row: item.querySelector('.row')!.getBoundingClientRect().width,
      message: item.querySelector('.message')!.getBoundingClientRect().width,
      source: item.querySelector('.source')!.getBoundingClientRect().width,
    }));
    assert.ok(widths.message >= widths.row * 0.4, JSON.stringify(widths));
    assert.ok(widths.message > widths.source, JSON.stringify(widths));
  });

  it('Agent rows show their summary without hovering', async () => {
    await dashboard.locator('vscode-tab-header', { hasText: 'Agent' }).click();
    const { client, transport } = await httpClient(rig.port);
    const answer = await call(client, 'navigate_to_url', { url: `${rig.origin}/dash.html?agent=1` });
    assert.ok(!answer.isError, textOf(answer));
    const summary = dashboard.locator('.agent-rows .row .summary').first();
    await summary.waitFor({ timeout: 20_000 });
    assert.ok(((await summary.textContent()) ?? '').length > 10);
    const fits = await summary.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
    assert.ok(fits, 'the whole summary shows, wrapped');
    // Ending the session (DELETE) ends the agent: the next test's client is then the only one (docs/decisions.md).
    await transport.terminateSession();
    await client.close();
  });

  it('a trace from an MCP client leaves the tab alone and marks the Performance tab instead', async () => {
    await dashboard.locator('vscode-tab-header', { hasText: 'Console' }).click();
    const { client } = await httpClient(rig.port);
    await page.bringToFront();
    const answer = await call(client, 'performance_trace', { reload: false, durationMs: 500 });
    assert.ok(!answer.isError, textOf(answer));
    const performance = dashboard.locator('vscode-tab-header', { hasText: 'Performance' });
    const mark = performance.locator('vscode-badge.unseen');
    await mark.waitFor({ timeout: 20_000 });
    assert.equal(await dashboard.locator('vscode-tab-header[active] .tab-name').textContent(), 'Console');
    assert.ok((await consoleCount()) > 0, 'the Console tab counts its entries');
    await performance.click();
    await dashboard.locator('vscode-button', { hasText: 'Open trace file' }).waitFor({ timeout: 10_000 });
    assert.equal(await mark.count(), 0, 'the mark goes once the tab is seen');
    await client.close();
  });

  it('the replay verdict banner can be dismissed, and stays dismissed', async () => {
    const flow = { title: 'open the fixture', steps: [{ type: 'navigate', url: `${rig.origin}/dash.html` }] };
    await fetch(`http://127.0.0.1:${rig.port}/recordings/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...callerHeaders() },
      body: JSON.stringify({ flow }),
    });
    await runCommand(workbench, 'Browser Debug: Replay Recording');
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'open the fixture' }).first().click();
    const banner = dashboard.locator('section.verdict');
    await banner.waitFor({ timeout: 60_000 });
    await banner.locator('.dismiss').click();
    await banner.waitFor({ state: 'detached' });
    // Closed and opened again, the dashboard does not bring it back.
    const tab = workbench.locator('.tabs-container .tab', { hasText: 'Browser Debug' }).first();
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await until(
      async () => {
        for (const frame of workbench.frames())
          if (
            await frame
              .locator('#app vscode-tabs')
              .count()
              .catch(() => 0)
          )
            return false;
        return true;
      },
      20_000,
      'the dashboard to close',
    );
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    dashboard = await frameWith(workbench, '#app vscode-tabs', 'the reopened dashboard');
    await dashboard.locator('#console-rows [role="treeitem"]').first().waitFor({ timeout: 20_000 });
    assert.equal(await dashboard.locator('section.verdict').count(), 0);
  });

  it('follows a high contrast theme: focus and borders use its contrast colours', async () => {
    await until(
      () => dashboard.evaluate(() => document.body.classList.contains('vscode-high-contrast')),
      30_000,
      'the high contrast theme in the webview',
    );
    const row = dashboard.locator('#console-rows [role="treeitem"]').first();
    await row.focus();
    const style = await row.evaluate((item) => {
      const line = getComputedStyle(item.querySelector('.row')!);
      const probe = document.createElement('div');
      probe.style.color = 'var(--vscode-contrastActiveBorder)';
      document.body.append(probe);
      const expected = getComputedStyle(probe).color;
      probe.remove();
      return { outline: line.outlineStyle, color: line.outlineColor, expected };
    });
    assert.equal(style.outline, 'dashed');
    assert.equal(style.color, style.expected);
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-dashboard-high-contrast.png') });
  });

  async function consoleCount(): Promise<number> {
    const counter = dashboard.locator('vscode-tab-header', { hasText: 'Console' }).locator('vscode-badge.count');
    return Number((await counter.textContent()) ?? 0);
  }
});
