import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { actRig, refIn } from './support/actRig';
import { until } from './support/chromium';
import { startFramesAct, type FramesActServer } from './support/framesActServer';

/** The page's frame whose URL starts with `prefix`, once it has loaded. */
async function frameAt(page: Page, prefix: string): Promise<Frame> {
  let found: Frame | undefined;
  await until(async () => !!(found = page.frames().find((frame) => frame.url().startsWith(prefix))), 5000, prefix);
  await found!.waitForLoadState('load');
  return found!;
}

describe('a cross-origin iframe, like the top page: selectors, dialogs and the wait after an action (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FramesActServer;
  let page: Page;
  let pay: Frame;
  let snapshot: string;

  before(async () => {
    site = await startFramesAct();
    page = await rig.open(`${site.origin}/more.html`);
    pay = await frameAt(page, `${site.crossOrigin}/more-cross.html`);
    const answer = await rig.tool('take_snapshot');
    assert.equal(answer.isError, false, answer.text);
    snapshot = answer.text;
  });
  after(() => site?.close());

  it('inspects by a CSS selector that only the cross-origin frame matches, and names the frame', async () => {
    const answer = await rig.tool('inspect_element', { selector: '.pay-note' });
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, /<p> [^\n]*\(first of 2 matches\); selector: #pay-note/, answer.text.slice(0, 600));
    assert.match(answer.text, /\nIn the frame http:\/\/localhost:\d+\/more-cross\.html\n/, answer.text.slice(0, 600));
    // The cascade comes from the frame's own <style>.
    assert.match(
      answer.text,
      /\.pay-note — http:\/\/localhost:\d+\/more-cross\.html:\d+\n {2}✓ color: rgb\(120, 0, 0\)/,
    );
  });

  it('answers a selector that matches in no document with a clear error', async () => {
    const answer = await rig.tool('inspect_element', { selector: '.nowhere-at-all' });
    assert.equal(answer.isError, true, answer.text);
    assert.match(answer.text, /No element matches '\.nowhere-at-all'.*snapshot/);
  });

  it('sees a confirm() the cross-origin frame raises on a click; handle_dialog answers it and the frame reads the answer', async () => {
    const click = await rig.tool('click', { ref: refIn(snapshot, /button "Pay now"/) });
    assert.equal(click.isError, false, click.text);
    assert.match(click.text, /A confirm dialog opened: "Pay 12 EUR now\?"/, click.text);
    const accepted = await rig.tool('handle_dialog', { accept: true });
    assert.equal(accepted.isError, false, accepted.text);
    assert.match(accepted.text, /^Accepted the confirm/, accepted.text);
    assert.equal(await pay.textContent('#pay-answer'), 'answer: true');
  });

  it("waits for a slow request the click starts in the cross-origin frame: the frame's DOM shows its answer", async () => {
    const click = await rig.tool('click', { ref: refIn(snapshot, /button "Check card"/) });
    assert.equal(click.isError, false, click.text);
    // Read as soon as the click answered: the server held the request longer than the DOM's quiet period.
    assert.equal(await pay.textContent('#pay-slow-result'), 'check: card ok');
    assert.ok(site.seen.includes('/slow-check.json'));
  });
});
