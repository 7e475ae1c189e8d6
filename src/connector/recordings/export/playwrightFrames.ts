import type { Schema } from '@puppeteer/replay';
import { hasFrameSteps } from './framePath';

/**
 * Playwright in frames. Recorder's `frame` indexes count frames as `window.frames` does: in the order they were
 * inserted (Chromium's frame tree, as `childFrames()` and DevTools Recorder count), not in document order. So
 * `frameLocator('iframe, frame').nth(i)` would pick the wrong frame when one is inserted late above another (a
 * card form a click adds). The spec's `frameAt` helper finds, in the parent frame, the owner element whose
 * `contentWindow` is `window.frames[i]` (a WindowProxy is one object whatever the frame's origin), waiting until
 * it is there, and goes on from its FrameLocator, so locators in it wait and retry as Playwright users expect.
 */
/** The `frameAt(page, path)` helper, for a flow with frame steps (after the spec's other helpers). */
export const PLAYWRIGHT_FRAME_HELPER = [
  '/**',
  ' * The frame at a Recorder `frame` path: child indexes from the top, in window.frames order (the order frames',
  ' * were inserted, not their place in the document). Waits until each frame is in the page.',
  ' */',
  'async function frameAt(page: Page, path: number[]): Promise<FrameLocator> {',
  '  let scope: Page | FrameLocator = page;',
  '  for (const index of path) {',
  "    const owners: Locator = scope.locator('iframe, frame');",
  '    let place = -1;',
  '    await expect',
  '      .poll(async () => (place = await owners.evaluateAll((elements, i) => elements.findIndex((element) => (element as HTMLIFrameElement).contentWindow === window.frames[i]), index)))',
  '      .toBeGreaterThanOrEqual(0);',
  "    scope = scope.frameLocator('iframe, frame').nth(place);",
  '  }',
  '  return scope as FrameLocator;',
  '}',
];

/** The scope a step's locator starts from: the page, or the frame at its (integer-only) path. */
export function playwrightScope(path: readonly number[]): string {
  return path.length ? `(await frameAt(page, [${path.join(', ')}]))` : 'page';
}

/** The spec's import line: the frame helper's types only when it is there. */
export function playwrightImport(flow: Schema.UserFlow): string {
  const types = hasFrameSteps(flow) ? 'type FrameLocator, type Locator, type Page' : 'type Locator';
  return `import { test, expect, ${types} } from '@playwright/test';`;
}
