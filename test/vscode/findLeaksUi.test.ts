/**
 * Find Leaks… in code-server (the VSIX installed), on the leaky panel fixture's recording from the Recordings
 * view: the dashboard's leak view says `leak`, its chart has one point per iteration, and a click on the group
 * opens the fixture's source at the line of the listener that keeps the panel. Chrome gives extensions no
 * HeapProfiler, so the browser runs with a DevTools port and the extension's setting names it, as a user would.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { post } from '../support/http';
import { freePortRun } from '../support/ports';
import {
  ARTIFACTS,
  contextMenuItem,
  expandView,
  frameWith,
  openSideBar,
  startUiRig,
  type UiRig,
} from './support/uiRig';
import { ROOT } from './support/suiteBuild';
import { openCloseFlow } from '../e2e/support/leakRig';

const PICTURES = process.env.BROWSER_DEBUG_PICTURES === 'docs' ? join(ROOT, 'docs', 'images') : ARTIFACTS;
/** The line of panels.js where the leaking listener (onResize) is written. */
const LISTENER_LINE = 24;
const ITERATIONS = 5;

describe('VS Code UI: Find Leaks… and the dashboard leak view (code-server, the VSIX installed)', function () {
  this.timeout(400_000);
  let rig: UiRig;

  before(async function () {
    const devtools = await freePortRun(1);
    rig = await startUiRig(this, {
      settings: { 'browserDebug.audits.debuggingEndpoint': `http://127.0.0.1:${devtools}` },
      appArgs: [`--remote-debugging-port=${devtools}`],
    });
    cpSync(join(ROOT, 'test', 'e2e', 'fixtures', 'site', 'leaks'), join(rig.folder, 'leaks'), { recursive: true });
    const flow = { ...openCloseFlow(`${rig.origin}/leaks/leaky.html`, 'section.panel'), title: 'leaky panel' };
    const imported = await post(rig.port, '/recordings/import', { flow });
    assert.equal(imported.status, 200, imported.text);
    const tab = await rig.app.context.newPage();
    await tab.goto(`${rig.origin}/index.html`);
    await tab.bringToFront();
  });
  after(async () => {
    await rig?.stop();
  });

  it('shows the verdict, one chart point per iteration and the groups; the group opens panels.js at the listener', async () => {
    const { workbench } = rig;
    await openSideBar(workbench);
    await expandView(workbench, 'Recordings');
    const row = workbench.locator('.monaco-list-row', { hasText: 'leaky panel' }).first();
    await row.waitFor({ timeout: 60_000 });
    await contextMenuItem(workbench, row, 'Find Leaks…');
    const dashboard: Frame = await frameWith(workbench, '.leak-view', 'the dashboard leak view', 240_000);
    const verdict = (await dashboard.locator('.leak-view .leak-verdict').textContent()) ?? '';
    assert.equal(verdict, 'Leak check of "leaky panel": leak');
    assert.match(await dashboard.locator('.leak-view').getAttribute('class').then(String), /\bbad\b/);
    assert.equal(await dashboard.locator('.leak-chart circle.leak-point').count(), ITERATIONS);
    assert.match(
      (await dashboard.locator('.leak-chart').getAttribute('aria-label')) ?? '',
      /^Heap after GC per iteration: iteration 1: .+, iteration 5: .+$/,
    );
    assert.equal(await dashboard.locator('.leak-figures tbody tr').count(), ITERATIONS);
    assert.match(
      (await dashboard.locator('.leak-trend').textContent()) ?? '',
      /^Heap after GC: .+ after iteration 1, .+ after iteration 5 \(\+.+ per iteration\)\.$/,
    );
    const group = dashboard.locator('.leak-group', { hasText: 'Detached <section>' }).first();
    assert.match((await group.textContent()) ?? '', /\+1 per iteration/);
    mkdirSync(PICTURES, { recursive: true });
    await workbench.screenshot({ path: join(PICTURES, 'leak-view.png') });
    const source = group.locator('button.leak-source');
    assert.equal(await source.textContent(), `leaks/panels.js:${LISTENER_LINE}`);
    await source.click();
    await workbench.locator('.tabs-container .tab.active', { hasText: 'panels.js' }).waitFor({ timeout: 20_000 });
    await workbench
      .locator('.statusbar-item', { hasText: new RegExp(`Ln ${LISTENER_LINE}, Col \\d+`) })
      .first()
      .waitFor({ timeout: 10_000 });
  });
});
