import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { post } from '../../support/http';
import { until } from './chromium';
import type { FramesApp } from './framesApp';

/** The card number the frames flows type: a secret, so the flow holds `{{secret:card-number}}`. */
export const CARD_NUMBER = '4242 4242';

export interface RecordedFlow {
  id: string;
  steps: Record<string, any>[];
}

/** The frames-capture page's cross-origin frame, once it has its button. */
export async function payFrame(page: Page, app: FramesApp): Promise<Frame> {
  await until(() => page.frames().some((frame) => frame.url().startsWith(app.payOrigin)), 5000, 'the pay frame');
  const pay = page.frames().find((frame) => frame.url().startsWith(app.payOrigin))!;
  await pay.waitForSelector('#pay-button');
  return pay;
}

/** The same-origin frame (same.html), once it has its button. */
export async function sameFrame(page: Page, app: FramesApp): Promise<Frame> {
  await until(() => page.frames().some((frame) => frame.url() === `${app.origin}/same.html`), 5000, 'same.html');
  const same = page.frames().find((frame) => frame.url() === `${app.origin}/same.html`)!;
  await same.waitForSelector('#same-button');
  return same;
}

/** Starts a recording, runs `act` with real input, and stops it: the recording's id and its Recorder steps. */
export async function recorded(
  port: number,
  page: Page,
  title: string,
  act: () => Promise<void>,
): Promise<RecordedFlow> {
  const started = await post(port, '/recordings', { title });
  assert.equal(started.status, 200, JSON.stringify(started.json));
  await until(() => page.evaluate(() => Boolean(document.getElementById('__browser-debug-recording-badge'))));
  await act();
  const stopped = await post(port, `/recordings/${started.json.id}/stop`, {});
  assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
  const flow = typeof stopped.json.flow === 'string' ? JSON.parse(stopped.json.flow) : stopped.json.flow;
  return { id: started.json.id, steps: flow.steps };
}

/**
 * On index.html, one step in each kind of document: a click in the open shadow root, a click in the
 * same-origin frame, then a fill and a click in the cross-origin (out-of-process) frame.
 */
export async function recordFramesFlow(port: number, page: Page, app: FramesApp): Promise<RecordedFlow> {
  const [same, pay] = await Promise.all([sameFrame(page, app), payFrame(page, app)]);
  return recorded(port, page, 'frames and shadow roots', async () => {
    await page.click('#open-host .go');
    await same.click('#same-button');
    await pay.fill('#card-number', CARD_NUMBER);
    await pay.click('#pay-button');
    assert.equal(await pay.textContent('#paid'), 'paid (trusted)');
  });
}

/**
 * On checkout.html: a click in the same-origin frame, "Checkout", then a fill and a click in the card form,
 * the cross-origin frame that the click inserts half a second later, before the same-origin one.
 */
export async function recordCheckoutFlow(port: number, page: Page, app: FramesApp): Promise<RecordedFlow> {
  const same = await sameFrame(page, app);
  return recorded(port, page, 'checkout in a late frame', async () => {
    await same.click('#same-button');
    await page.click('#checkout');
    const pay = await payFrame(page, app);
    await pay.fill('#card-number', CARD_NUMBER);
    await pay.click('#pay-button');
    assert.equal(await pay.textContent('#paid'), 'paid (trusted)');
  });
}
