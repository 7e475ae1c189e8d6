import type { Locator, Page } from 'playwright-core';

export interface PictureOptions {
  /** The picture is of an open quick input (a palette, a quick pick): else it waits for the quick input to close. */
  quickInput?: boolean;
  /** Only this part of the workbench (the side bar, say); the whole page by default. */
  of?: Locator;
}

/**
 * A picture of the workbench once it has settled: the quick input closed (its fade-out over, unless the picture
 * is of it), the pointer moved away (no tooltip), and no fade or slide running (endless spinners aside); taken
 * with animations disabled. A picture taken mid-fade showed a half-transparent palette over the editor.
 */
export async function settledPicture(page: Page, path: string, options: PictureOptions = {}): Promise<Buffer> {
  // Visible ones only: code-server may keep more than one widget in the page.
  await page
    .locator('.quick-input-widget:visible')
    .first()
    .waitFor({ state: options.quickInput ? 'visible' : 'hidden', timeout: 20_000 });
  // The pointer off the UI (to the title bar's empty stretch), and the hover it left closed.
  const width = page.viewportSize()?.width ?? 1280;
  await page.mouse.move(Math.round(width * 0.8), 17);
  await page.locator('.workbench-hover:visible').first().waitFor({ state: 'hidden', timeout: 20_000 });
  await animationsSettled(page, 20_000);
  return (options.of ?? page).screenshot({ path, animations: 'disabled' });
}

/** Waits until nothing is mid-way through a fade or a slide (endless spinners aside). */
export async function animationsSettled(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout },
  );
}
