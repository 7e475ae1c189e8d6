import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { actRig, refIn } from './support/actRig';
import type { FramesActServer } from './support/framesActServer';
import { frameAt, openFramesActPage, seenIn } from './support/framesActPage';

/**
 * Chrome's browser process routes a tab's mouse input to a frame by where frames were last drawn. Each case
 * scrolls back first, so every click needs a scroll that the tab has not drawn yet when the click is sent.
 */
describe('clicks that need a scroll land where the user sees the target, with out-of-process frames (#33)', function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FramesActServer;
  let cross: Frame;
  let nested: Frame;
  let snapshot: string;

  before(async () => {
    ({ site, cross, nested, snapshot } = await openFramesActPage(rig));
  });
  after(() => site?.close());

  it('a button in a nested cross-site frame, when the frame around it must scroll (sent to its own frame)', async () => {
    // Sent to the tab, about half of these went to the cross frame.
    const ref = refIn(snapshot, /button "Nested button"/);
    for (let round = 1; round <= 6; round++) {
      await cross.evaluate(() => window.scrollTo(0, 0));
      const click = await rig.tool('click', { ref });
      assert.equal(click.isError, false, click.text);
      assert.equal((await seenIn(nested)).length, round, `round ${round}: the nested frame saw the click`);
      assert.notEqual(await cross.evaluate(() => window.scrollY), 0, 'the cross frame scrolled to show it');
    }
    assert.ok((await seenIn(nested)).every((seen) => seen.kind === 'nested' && seen.trusted));
  });

  it("a top page's button scrolled to where a cross-site frame was drawn (the tab draws the scroll first)", async () => {
    // Without the wait, 17 of 20 such clicks went to the frame.
    const page: Page = await rig.open(`${site.origin}/under-frame.html`);
    await frameAt(page, `http://nested.example.test:${site.port}/nested.html`);
    const ref = refIn((await rig.tool('take_snapshot')).text, /button "Below"/);
    for (let round = 1; round <= 6; round++) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const click = await rig.tool('click', { ref });
      assert.equal(click.isError, false, click.text);
      assert.equal((await seenIn(page)).length, round, `round ${round}: the button saw the click`);
    }
    assert.ok((await seenIn(page)).every((seen) => seen.kind === 'below' && seen.trusted));
    const box = await page.evaluate(() => document.getElementById('below')!.getBoundingClientRect().y);
    assert.ok(box < 700, `the button was scrolled to where the frame had been (y ${box})`);
  });
});
