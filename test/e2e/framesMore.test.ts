import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { get } from '../support/http';
import { actRig, refIn } from './support/actRig';
import { until } from './support/chromium';
import { startFramesAct, type FramesActServer } from './support/framesActServer';

type Entry = Record<string, any>;

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

  it('inspects by a CSS selector that only the same-origin frame matches, with its cascade, and names the frame', async () => {
    const answer = await rig.tool('inspect_element', { selector: '.same-note' });
    assert.equal(answer.isError, false, answer.text);
    const head = answer.text.slice(0, 800);
    assert.match(answer.text, /<p> [^\n]*; selector: #same-note/, head);
    assert.match(answer.text, new RegExp(`\\nIn the frame ${site.origin}/more-same\\.html\\n`), head);
    // The box is in the tab's viewport: the frame's content box plus the element's place in the frame.
    const expected = await page.evaluate(() => {
      const frame = document.getElementById('more-same') as HTMLIFrameElement;
      const outer = frame.getBoundingClientRect();
      const style = getComputedStyle(frame);
      const inner = frame.contentDocument!.getElementById('same-note')!.getBoundingClientRect();
      return {
        x: outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + inner.left,
        y: outer.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop) + inner.top,
      };
    });
    const box = /Box: [\d.]+×[\d.]+ at \(([\d.-]+), ([\d.-]+)\)/.exec(answer.text);
    assert.ok(box, head);
    assert.ok(
      Math.abs(Number(box[1]) - expected.x) <= 1 && Math.abs(Number(box[2]) - expected.y) <= 1,
      `${box[0]} vs ${JSON.stringify(expected)}`,
    );
    assert.match(
      answer.text,
      /\.same-note — http:\/\/127\.0\.0\.1:\d+\/more-same\.html:\d+\n {2}✓ color: rgb\(0, 100, 0\)/,
    );
  });

  it('inspects by a CSS selector that only an open shadow root matches, and names its host; a closed root is not searched', async () => {
    const answer = await rig.tool('inspect_element', { selector: '.card-note' });
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, /\nIn the open shadow root of <div#card-host>\n/, answer.text.slice(0, 800));
    assert.match(answer.text, /✓ color: rgb\(0, 0, 130\)/, answer.text);
    assert.equal(
      await page.evaluate(
        () => getComputedStyle(document.getElementById('card-host')!.shadowRoot!.querySelector('p')!).color,
      ),
      'rgb(0, 0, 130)',
    );
    const closed = await rig.tool('inspect_element', { selector: '.closed-note' });
    assert.equal(closed.isError, true, closed.text);
    assert.match(closed.text, /No element matches '\.closed-note'/);
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

  describe('source maps on frame captures', () => {
    const logWith = async (text: string) => {
      let found: Entry | undefined;
      await until(
        async () =>
          !!(found = ((await get(rig.connector.port, '/console-logs?limit=1000')).json.logs as Entry[]).find((log) =>
            String(log.message).includes(text),
          )),
        10_000,
        text,
      );
      return found!;
    };

    for (const where of ['cross', 'same'] as const) {
      it(`maps the ${where}-origin frame's console.error and uncaught error from its bundle to src/payErrors.ts`, async () => {
        const frameUrl = `${where === 'cross' ? site.crossOrigin : site.origin}/more-${where}.html`;
        const failed = await logWith(`card check failed in ${where}`);
        assert.deepEqual(failed.context, { kind: 'frame', url: frameUrl });
        assert.match(String(failed.source), /\/pay-bundle\.js:1:\d+$/, 'the raw place is the bundle');
        assert.match(String(failed.originalSource), /src\/payErrors\.ts:13:\d+$/, JSON.stringify(failed));
        const exploded = await logWith(`bd pay bundle exploded in ${where}`);
        assert.deepEqual(exploded.context, { kind: 'frame', url: frameUrl });
        assert.match(String(exploded.originalSource), /src\/payErrors\.ts:19:\d+$/, JSON.stringify(exploded));

        const list = await rig.tool('get_console_logs', { search: `card check failed in ${where}` });
        assert.equal(list.isError, false, list.text);
        const line =
          list.text.split('\n').find((text) => text.startsWith('#') && text.includes(`failed in ${where}`)) ??
          list.text;
        assert.match(line, /src\/payErrors\.ts:13:\d+\)( ×\d+)?$/, line);
        assert.ok(line.includes(`[iframe ${frameUrl}]`), line);
      });
    }
  });
});
