import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { until } from '../support/until';
import {
  ARTIFACTS,
  clickAction,
  expandView,
  frameWith,
  openSideBar,
  runCommand,
  startUiRig,
  type UiRig,
} from './support/uiRig';

const PAGE = `<!doctype html>
<html><head><title>Problems fixture</title></head>
<body><h1>Problems fixture</h1><script src="/problems.js"></script></body></html>
`;
/** Line 2: an error that stays; line 3: a fetch (its initiator); line 4: a plain log; line 5: an error fixed later. */
const BROKEN = `// Browser Debug fixture
console.error('bd problem: stays broken');
fetch('/data.json');
console.log('bd plain log');
throw new Error('bd problem: fixed soon');
`;
/** The fix: one line added above (the error moved to line 3), the thrown error gone. */
const FIXED = `// Browser Debug fixture
// a line added above: the error moved
console.error('bd problem: stays broken');
fetch('/data.json');
console.log('bd plain log');
`;

describe('VS Code UI: Problems, views and commands (code-server, the VSIX installed)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let page: Page;

  before(async function () {
    rig = await startUiRig(this, { connect: false });
    workbench = rig.workbench;
    writeFileSync(join(rig.folder, 'problems.html'), PAGE);
    writeFileSync(join(rig.folder, 'problems.js'), BROKEN);
    writeFileSync(join(rig.folder, 'data.json'), '{"ok":true}');
  });

  after(async () => {
    await rig?.stop();
  });

  const pane = (name: string) =>
    workbench.locator('.pane', { has: workbench.locator('.pane-header', { hasText: name }) });
  const problemRows = () => workbench.locator('.markers-panel .monaco-list-row');

  it('the Network view’s empty state follows the connection (no "once a browser is connected" while one is)', async () => {
    await openSideBar(workbench);
    await expandView(workbench, 'Network');
    const welcome = pane('Network').locator('.welcome-view-content');
    await welcome.filter({ hasText: 'once a browser is connected' }).waitFor({ timeout: 30_000 });
    await rig.connect();
    await welcome.filter({ hasText: 'The browser is connected' }).waitFor({ timeout: 30_000 });
    assert.doesNotMatch((await welcome.textContent()) ?? '', /once a browser is connected/);
  });

  it('Problems stay true: a reload replaces the page’s problems, a fixed error goes, a moved line is one entry', async () => {
    page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/problems.html`);
    await runCommand(workbench, 'Problems: Focus on Problems View');
    await problemRows().filter({ hasText: 'bd problem: fixed soon' }).first().waitFor({ timeout: 30_000 });
    await problemRows().filter({ hasText: 'bd problem: stays broken' }).first().waitFor();
    assert.match(
      (await problemRows().filter({ hasText: 'bd problem: stays broken' }).first().textContent()) ?? '',
      /Ln 2/,
    );
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-problems-before.png') });

    writeFileSync(join(rig.folder, 'problems.js'), FIXED);
    await page.reload();
    await until(
      async () =>
        (await problemRows().filter({ hasText: 'bd problem: fixed soon' }).count()) === 0 &&
        /Ln 3/.test((await problemRows().filter({ hasText: 'bd problem: stays broken' }).first().textContent()) ?? ''),
      30_000,
      'the problems of the reloaded page',
    );
    assert.equal(await problemRows().filter({ hasText: 'bd problem: stays broken' }).count(), 1, 'one entry');
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-problems-after-reload.png') });
  });

  it('page-load groups are labelled with their time, and the current load is marked', async () => {
    await openSideBar(workbench);
    await expandView(workbench, 'Console');
    const groups = pane('Console').locator('.monaco-list-row', { hasText: /\d{1,2}:\d{2}:\d{2}.* · .*problems\.html/ });
    await until(async () => (await groups.count()) === 2, 30_000, 'two page-load groups').catch(async (error) => {
      const rows = await pane('Console').locator('.monaco-list-row').allTextContents();
      throw new Error(`${(error as Error).message}: ${rows.join(' | ')}`);
    });
    assert.match((await groups.nth(0).textContent()) ?? '', /current/, 'the newest load is the current one');
    assert.doesNotMatch((await groups.nth(1).textContent()) ?? '', /current/, 'the reloaded one is not');
  });

  it('"Ask Copilot to Fix" sits on errors and warnings, not on plain logs, and opens the chat in agent mode', async () => {
    const plain = pane('Console').locator('.monaco-list-row', { hasText: 'bd plain log' }).first();
    await plain.hover();
    await plain.locator('.action-label[aria-label^="Go to Source"]').first().waitFor({ timeout: 10_000 });
    assert.equal(await plain.locator('.action-label[aria-label^="Ask Copilot to Fix"]').count(), 0);
    const error = pane('Console').locator('.monaco-list-row', { hasText: 'bd problem: stays broken' }).first();
    await clickAction(error, 'Ask Copilot to Fix');
    const chat = workbench.locator('.part.auxiliarybar', { hasText: /Fix\sthis\serror\sfrom\sthe\sbrowser/ }).first();
    await chat.waitFor({ timeout: 30_000 });
    await chat.locator('.interactive-input-part', { hasText: /Agent/ }).first().waitFor({ timeout: 10_000 });
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-ask-copilot-agent.png') });
    await closeDialog(workbench);
  });

  it('the Network view names each request’s initiator, and its details open as a rendered preview with units', async () => {
    await openSideBar(workbench);
    await expandView(workbench, 'Network');
    const row = pane('Network').locator('.monaco-list-row', { hasText: '/data.json' }).first();
    await row.waitFor({ timeout: 30_000 });
    await until(
      async () => /← problems\.js:4/.test((await row.textContent()) ?? ''),
      20_000,
      'the initiator in the row',
    );
    await row.click();
    await workbench
      .locator('.tabs-container .tab.active', { hasText: /Preview .*data\.json/ })
      .waitFor({ timeout: 30_000 });
    const preview = await frameWith(workbench, 'h1', 'the Markdown preview');
    assert.match(
      (await preview.locator('h1').first().textContent()) ?? '',
      /^GET http:\/\/127\.0\.0\.1:\d+\/data\.json$/,
    );
    const text = (await preview.locator('body').textContent()) ?? '';
    assert.match(text, /Duration: (\d+ ms|\d+\.\d ms|\d+\.\d\d s)/);
    assert.match(text, /Initiator: \/?problems\.js:4:\d+/);
    assert.doesNotMatch(text, /\*\*/, 'rendered, not Markdown source');
    await workbench.screenshot({ path: join(ARTIFACTS, 'vscode-request-details.png') });
  });
});

/** Copilot is not signed in here: its sign-in dialog makes the workbench inert until closed. */
export async function closeDialog(workbench: Page): Promise<void> {
  const dialog: Locator = workbench.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 5_000 }).catch(() => undefined);
  await until(
    async () => {
      if (!(await dialog.isVisible().catch(() => false))) return true;
      await workbench.keyboard.press('Escape');
      return false;
    },
    20_000,
    'the dialog to close',
    300,
  );
}
