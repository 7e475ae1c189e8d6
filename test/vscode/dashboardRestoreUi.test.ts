import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../support/until';
import { frameWith, runCommand, startUiRig, type UiRig } from './support/uiRig';

describe('VS Code UI: the dashboard opens beside the editor and comes back after a window reload', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;

  before(async function () {
    rig = await startUiRig(this);
    workbench = rig.workbench;
    writeFileSync(join(rig.folder, 'notes.txt'), 'an editor the dashboard must not cover\n');
  });

  after(async () => {
    await rig?.stop();
  });

  const groups = () => workbench.locator('.editor-group-container');

  it('opens beside the active editor, and a reload restores it (WebviewPanelSerializer)', async () => {
    await runCommand(workbench, 'Go to File', 'Go to File');
    await workbench.keyboard.type('notes.txt');
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'notes.txt' }).first().waitFor();
    await workbench.keyboard.press('Enter');
    await workbench.locator('.tabs-container .tab', { hasText: 'notes.txt' }).first().waitFor({ timeout: 20_000 });
    await runCommand(workbench, 'Browser Debug: Open Dashboard');
    await frameWith(workbench, '#app vscode-tabs', 'the dashboard webview');
    await until(async () => (await groups().count()) === 2, 20_000, 'a second editor group beside the first');
    assert.equal(await groups().nth(0).locator('.tab', { hasText: 'notes.txt' }).count(), 1, 'the editor stays');
    assert.equal(
      await groups().nth(1).locator('.tab', { hasText: 'Browser Debug' }).count(),
      1,
      'the dashboard beside',
    );

    // The window's own reload, as a user does it: VS Code saves its editor state before it reloads (a bare
    // page reload can race that save on a loaded machine, and then there is nothing to restore).
    const reloaded = workbench.waitForEvent('load', { timeout: 60_000 });
    await runCommand(workbench, 'Developer: Reload Window');
    await reloaded;
    await workbench.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await workbench.locator('.tabs-container .tab', { hasText: 'Browser Debug' }).first().waitFor({ timeout: 60_000 });
    const restored = await frameWith(workbench, '#app vscode-tabs', 'the restored dashboard', 60_000);
    assert.ok(await restored.locator('#app vscode-tabs').isVisible());
  });
});
