import type { Frame, Page } from 'playwright-core';
import { until } from '../../support/until';

/** F1 and the title. A webview or image editor with focus can swallow F1, so focus the workbench and retry. */
export async function runCommand(page: Page, title: string, pick = title): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // A quick pick left open (another command's) would take the title as its own input.
  if (await input.isVisible()) {
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  for (let attempt = 0; attempt < 3 && !(await input.isVisible()); attempt++) {
    // Leave what holds the keyboard: a modal editor (Escape, on a retry) or a webview (a click on the workbench).
    if (attempt > 0) await page.keyboard.press('Escape');
    await page
      .locator('.part.statusbar')
      .first()
      .click({ position: { x: 2, y: 2 }, force: true, timeout: 2_000 })
      .catch(() => undefined);
    await page.keyboard.press('F1');
    await input.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  }
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: pick }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** The webview frame that holds `selector` (the dashboard's nested iframes), once it appears. */
export async function frameWith(page: Page, selector: string, timeoutMs = 30_000): Promise<Frame> {
  let found: Frame | undefined;
  await until(
    async () => {
      for (const frame of page.frames()) {
        if (
          await frame
            .locator(selector)
            .count()
            .catch(() => 0)
        ) {
          found = frame;
          return true;
        }
      }
      return false;
    },
    timeoutMs,
    `a webview showing ${selector}`,
  );
  return found!;
}

/** Opens the Browser Debug side bar unless it is open (a second click on its icon would close it). */
export async function showBrowserDebugSideBar(page: Page): Promise<void> {
  if (await page.locator('.pane-header', { hasText: 'Console' }).first().isVisible()) return;
  await page
    .locator('.activitybar a[aria-label^="Browser Debug"], .activitybar .action-item[aria-label^="Browser Debug"]')
    .first()
    .click();
  await page.locator('.pane-header', { hasText: 'Console' }).first().waitFor();
}
