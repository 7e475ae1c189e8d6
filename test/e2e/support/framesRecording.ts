import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { post } from '../../support/http';
import { until } from './chromium';
import type { FramesApp } from './framesApp';

/** The card number the frames flow types: a secret, so the flow holds `{{secret:card-number}}`. */
export const CARD_NUMBER = '4242 4242';

/** The frames-capture page's two frames, once the cross-origin one has its button. */
export async function framesOf(page: Page, app: FramesApp): Promise<{ same: Frame; pay: Frame }> {
  await until(() => page.frames().some((frame) => frame.url().startsWith(app.payOrigin)), 5000, 'the pay frame');
  const pay = page.frames().find((frame) => frame.url().startsWith(app.payOrigin))!;
  const same = page.frames().find((frame) => frame.url() === `${app.origin}/same.html`)!;
  await Promise.all([pay.waitForSelector('#pay-button'), same.waitForSelector('#same-button')]);
  return { same, pay };
}

/**
 * Records, with real input, one step in each kind of document of the frames-capture page: a click in the open
 * shadow root, a click in the same-origin frame, then a fill and a click in the cross-origin (out-of-process)
 * frame. Answers the recording's id and its DevTools Recorder steps.
 */
export async function recordFramesFlow(
  port: number,
  page: Page,
  app: FramesApp,
): Promise<{ id: string; steps: Record<string, any>[] }> {
  const { same, pay } = await framesOf(page, app);
  const started = await post(port, '/recordings', { title: 'frames and shadow roots' });
  assert.equal(started.status, 200, JSON.stringify(started.json));
  await until(() => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))));
  await page.click('#open-host .go');
  await same.click('#same-button');
  await pay.fill('#card-number', CARD_NUMBER);
  await pay.click('#pay-button');
  assert.equal(await pay.textContent('#paid'), 'paid (trusted)');
  const stopped = await post(port, `/recordings/${started.json.id}/stop`, {});
  assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
  const flow = typeof stopped.json.flow === 'string' ? JSON.parse(stopped.json.flow) : stopped.json.flow;
  return { id: started.json.id, steps: flow.steps };
}
