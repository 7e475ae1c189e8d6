import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import type { ActRig } from './actRig';
import { until } from './chromium';
import { startFramesAct, type FramesActServer } from './framesActServer';

export interface Seen {
  kind: string;
  trusted: boolean;
}

/** The page's frame whose URL starts with `prefix`, once it has loaded. */
export async function frameAt(page: Page, prefix: string): Promise<Frame> {
  let found: Frame | undefined;
  await until(async () => !!(found = page.frames().find((frame) => frame.url().startsWith(prefix))), 5000, prefix);
  await found!.waitForLoadState('load');
  return found!;
}

/** The input events a fixture document recorded (kind and isTrusted). */
export function seenIn(frame: Frame | Page): Promise<Seen[]> {
  return frame.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
}

export interface FramesActPage {
  site: FramesActServer;
  page: Page;
  cross: Frame;
  nested: Frame;
  snapshot: string;
}

/**
 * The many-documents fixture open in the rig's browser: its cross-origin, same-origin and nested cross-site
 * frames loaded, its service worker ready, and a first snapshot taken.
 */
export async function openFramesActPage(rig: ActRig): Promise<FramesActPage> {
  const site = await startFramesAct();
  const page = await rig.open(`${site.origin}/index.html`);
  const cross = await frameAt(page, `${site.crossOrigin}/cross.html`);
  await frameAt(page, `${site.origin}/same.html`);
  const nested = await frameAt(page, `http://nested.example.test:${site.port}/nested.html`);
  await page.evaluate(() => (window as unknown as { serviceWorkerReady: Promise<boolean> }).serviceWorkerReady);
  const answer = await rig.tool('take_snapshot');
  assert.equal(answer.isError, false, answer.text);
  return { site, page, cross, nested, snapshot: answer.text };
}
