/**
 * The dashboard meets WCAG AA contrast in VS Code's light, dark and high contrast themes: axe-core runs
 * inside the webview's own frame (open shadow roots of the @vscode-elements controls included) on each
 * tab that holds captures, and finds no `color-contrast` violation.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { until } from '../support/until';
import { ARTIFACTS, frameWith, runCommand, startUiRig, type UiRig } from './support/uiRig';

/** docs/images only when asked (`BROWSER_DEBUG_PICTURES=docs`); a test run leaves the tree clean. */
const PICTURES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs'
    ? join(__dirname, '..', '..', 'docs', 'images')
    : join(ARTIFACTS, 'pictures');

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Each theme, the body class VS Code gives the webview in it, and the picture's name. */
const THEMES = [
  { name: 'Default Light Modern', bodyClass: 'vscode-light', picture: 'dashboard-light.png' },
  { name: 'Default Dark Modern', bodyClass: 'vscode-dark', picture: 'dashboard-dark.png' },
  { name: 'Default High Contrast', bodyClass: 'vscode-high-contrast', picture: 'dashboard-high-contrast.png' },
];

interface Violation {
  id: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

describe('VS Code UI: the dashboard passes axe AA colour contrast in three themes (code-server, the VSIX installed)', function () {
  this.timeout(400_000);
  let rig: UiRig;
  let dashboard: Frame;

  before(async function () {
    rig = await startUiRig(this);
    mkdirSync(PICTURES, { recursive: true });
    // Captures of every kind the tabs colour: each console level, a failed and a good request.
    writeFileSync(
      join(rig.folder, 'axe.html'),
      `<!doctype html><html><head><title>Contrast fixture</title></head><body><h1>Contrast</h1><script>
console.error('axe error row: the checkout failed');
console.warn('axe warning row');
console.info('axe info row');
console.log('axe log row');
console.debug('axe debug row');
fetch('/missing.json');
fetch('/plain.js');
</script></body></html>`,
    );
    const page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/axe.html`);
    await page.bringToFront();
    await runCommand(rig.workbench, 'Browser Debug: Open Dashboard');
    dashboard = await frameWith(rig.workbench, '#app vscode-tabs', 'the dashboard webview');
    await dashboard
      .locator('#console-rows [role="treeitem"]', { hasText: 'axe error row' })
      .waitFor({ timeout: 30_000 });
  });

  after(async () => {
    await rig?.stop();
  });

  /** The theme as a workspace setting: VS Code applies a changed settings file at once. */
  async function chooseTheme(theme: (typeof THEMES)[number]): Promise<void> {
    mkdirSync(join(rig.folder, '.vscode'), { recursive: true });
    writeFileSync(
      join(rig.folder, '.vscode', 'settings.json'),
      JSON.stringify({ 'workbench.colorTheme': theme.name }, null, 2),
    );
    await until(
      () => dashboard.evaluate((name) => document.body.classList.contains(name), theme.bodyClass),
      30_000,
      `the ${theme.name} theme in the webview`,
    );
  }

  /** axe's color-contrast rule (WCAG 2 AA) over the whole webview document. */
  async function contrastViolations(): Promise<Violation[]> {
    if (!(await dashboard.evaluate(() => 'axe' in window))) await dashboard.evaluate(AXE);
    return dashboard.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
      const result = (await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] } })) as {
        violations: Violation[];
      };
      return result.violations.map(({ id, nodes }) => ({
        id,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    });
  }

  for (const theme of THEMES)
    it(`${theme.name}: 0 contrast violations on the Console and Network tabs`, async () => {
      await chooseTheme(theme);
      for (const tab of ['Network', 'Console']) {
        await dashboard.locator('vscode-tab-header', { hasText: tab }).click();
        const rows = tab === 'Console' ? '#console-rows .row.error' : '.network .row.failed';
        await dashboard.locator(rows).first().waitFor({ timeout: 20_000 });
        await dashboard.evaluate(() => document.fonts.ready.then(() => undefined));
        const violations = await contrastViolations();
        assert.deepEqual(violations, [], `${theme.name}, ${tab} tab: ${JSON.stringify(violations, null, 1)}`);
      }
      // The mouse away from any row: a picture of the resting state.
      await rig.workbench.mouse.move(0, 0);
      await rig.workbench.screenshot({ path: join(PICTURES, theme.picture) });
    });
});
