import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../support/until';
import { ARTIFACTS, expandView, openSideBar, runCommand, startUiRig, type UiRig } from './support/uiRig';

const PAGE = `<!doctype html>
<html><head><title>Sidebar fixture</title></head>
<body><h1>Sidebar fixture</h1></body></html>
`;

describe('VS Code UI: the side bar (icons, badges of new errors and failures, filter description, welcome)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let page: Page;

  before(async function () {
    rig = await startUiRig(this);
    workbench = rig.workbench;
    writeFileSync(join(rig.folder, 'sidebar.html'), PAGE);
    page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/sidebar.html`);
  });

  after(async () => {
    await rig?.stop();
  });

  const activityBadge = () =>
    workbench
      .locator('.activitybar .action-item', { has: workbench.locator('[aria-label^="Browser Debug"]') })
      .locator('.badge-content');
  /** Types the level into the open quick pick and takes it with Enter. */
  async function pickLevel(level: string): Promise<void> {
    const input = workbench.locator('.quick-input-widget input');
    await input.waitFor({ timeout: 20_000 });
    await input.fill(level);
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: level }).first().waitFor();
    await workbench.keyboard.press('Enter');
  }
  const badgeLabel = async () =>
    (await workbench
      .locator('.activitybar .action-item .badge[aria-label^="Browser Debug"]')
      .first()
      .getAttribute('aria-label', { timeout: 500 })
      .catch(() => '')) ?? '';
  const header = (name: string) => workbench.locator('.pane-header', { hasText: name }).first();

  it('each view has its own icon, and the Element and Recordings welcomes are one line with a link', async () => {
    await openSideBar(workbench);
    for (const name of ['Element', 'Recordings']) {
      await expandView(workbench, name);
      const welcome = workbench
        .locator('.pane', { has: header(name) })
        .locator('.welcome-view-content')
        .first();
      await welcome.waitFor({ timeout: 20_000 });
      assert.equal(await welcome.locator('.monaco-button').count(), 0, `${name}: a link, not a full-width button`);
      assert.ok((await welcome.locator('a').count()) >= 1, `${name}: the command is a link`);
    }
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-sidebar.png') });
  });

  it('errors and failed requests that arrive unseen put a count on the Browser Debug icon; looking clears it', async () => {
    await runCommand(workbench, 'View: Show Explorer');
    await workbench
      .locator('.pane-header', { hasText: 'Console' })
      .first()
      .waitFor({ state: 'hidden', timeout: 20_000 });
    await page.evaluate(async () => {
      console.error('bd sidebar: first error');
      console.error('bd sidebar: second error');
      await fetch('/missing.json');
    });
    let shown = '';
    await until(
      async () => {
        shown = `${await activityBadge()
          .textContent()
          .catch(() => '')} (${await badgeLabel()})`;
        return /new/.test(await badgeLabel());
      },
      30_000,
      'the badge on the Browser Debug icon',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${shown}`);
    });
    assert.ok(Number(await activityBadge().textContent()) >= 1, shown);
    const label = shown;
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-sidebar-badge.png') });
    await openSideBar(workbench);
    await expandView(workbench, 'Console');
    await expandView(workbench, 'Network');
    await until(
      async () => (await activityBadge().count()) === 0 || !(await activityBadge().isVisible()),
      20_000,
      `the badge to clear (${label})`,
    );
  });

  it('a level filter shows in the Console view’s header', async () => {
    await openSideBar(workbench);
    await expandView(workbench, 'Console');
    await runCommand(workbench, 'Browser Debug: Filter Console by Level');
    await pickLevel('warn');
    const description = header('Console').locator('.description');
    await until(async () => (await description.textContent()) === 'warn and above', 20_000, 'the filter in the header');
    await runCommand(workbench, 'Browser Debug: Filter Console by Level');
    await pickLevel('debug');
    await until(async () => !(await description.textContent()), 20_000, 'the description to clear');
  });
});
