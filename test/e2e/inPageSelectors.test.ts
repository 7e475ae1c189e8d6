/**
 * The selectors the extension makes inside the page with @medv/finder (browser-extension/src/inPage/
 * uniqueSelector.ts), in real Chromium, through the exact texts it evaluates there: DevTools' description of
 * its selection (devtools/elementInfo.ts) and the inspection's page side (inspection/factsSource.ts). On each
 * tricky input, each selector finds exactly one element, the inspected one, never by a generated id, and an
 * element in a shadow root gets its hosts' selectors before its own, joined by `>>>`. The page's `window` is
 * left as it was.
 */
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireChromium } from './support/chromium';
import { inPageCode, type InPageCode } from './support/inPageCode';

const FIXTURE = `<!doctype html><html><body>
<div id="toolbar"><button id=":r1:">Save</button><button id=":r2:">Save</button></div>
<div id="session-82736451"><span class="label">one</span><span class="label">two</span></div>
<ul><li class="item card">a</li><li class="item card">b</li><li class="item card">c</li></ul>
<section><div><p>first</p><p>second</p></div><div><p>first</p><p>second</p></div></section>
<p id="twin">one</p><p id="twin">two</p>
<div id="a.b:c"><span>odd id</span></div>
<svg><circle class="dot" r="4"></circle><circle class="dot" r="5"></circle></svg>
<div id="open-host"></div>
<script>
  const root = document.getElementById('open-host').attachShadow({ mode: 'open' });
  root.innerHTML = '<div><label>Card <input class="field"></label><label>Code <input></label></div><span class="inner-host"></span>';
  const inner = root.querySelector('.inner-host').attachShadow({ mode: 'open' });
  inner.innerHTML = '<b>x</b><b>y</b>';
</script>
</body></html>`;

/** Each case: how the test finds the element, as an expression in the page's own terms. */
const CASES: [string, string][] = [
  ['a second button whose id looks generated', "document.querySelectorAll('#toolbar button')[1]"],
  ['a span under an id with a digit run', "document.querySelectorAll('#session-82736451 span')[1]"],
  ['the third of three items with the same classes', "document.querySelectorAll('li')[2]"],
  ['a paragraph repeated in twin blocks', "document.querySelectorAll('section p')[3]"],
  ['the second of two elements with the same id', "document.querySelectorAll('p[id=twin]')[1]"],
  ['a child of an element whose id needs escaping', "document.getElementById('a.b:c').firstElementChild"],
  ['an SVG element with a repeated class', "document.querySelectorAll('circle')[1]"],
  [
    'the second input of an open shadow root',
    "document.getElementById('open-host').shadowRoot.querySelectorAll('input')[1]",
  ],
  [
    'an element in a shadow root inside a shadow root',
    "document.getElementById('open-host').shadowRoot.querySelector('.inner-host').shadowRoot.querySelectorAll('b')[1]",
  ],
];

interface Found {
  selector: string;
  count: number;
  same: boolean;
}

describe('in-page selectors (@medv/finder) for DevTools selections and inspections, in real Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;
  let code: InPageCode;

  before(async function () {
    const executablePath = requireChromium(this);
    code = await inPageCode();
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    await page.setContent(FIXTURE);
  });

  after(async () => {
    await browser?.close();
  });

  /** Which elements `selector` finds: each `>>>` part inside the open shadow root of the one before. */
  function resolveIn(target: string, selector: string): Promise<Found> {
    return page.evaluate(
      ({ target, selector }) => {
        const element = (0, eval)(target) as Element;
        let scope: Document | ShadowRoot = document;
        let found: Element[] = [];
        for (const [i, part] of selector.split(' >>> ').entries()) {
          if (i > 0) scope = found[0]!.shadowRoot!;
          found = Array.from(scope.querySelectorAll(part));
        }
        return { selector, count: found.length, same: found[0] === element };
      },
      { target, selector },
    );
  }

  for (const [what, target] of CASES)
    it(`${what}: DevTools' selector and the inspection's find exactly that element`, async () => {
      const described = await page.evaluate(
        (source) => (0, eval)(source) as { selector: string },
        code.describeSource(target),
      );
      const facts = await page.evaluate(
        ({ target, first, maker }) => {
          const element = (0, eval)(target) as Element;
          const once = (0, eval)(`(${first})`) as (this: Element, names: string[]) => { selector: string };
          const kept = (
            (0, eval)(`(${maker})`) as (this: Element) => (el: Element, names: string[]) => { selector: string }
          ).call(element);
          return [once.call(element, []).selector, kept(element, []).selector];
        },
        { target, first: code.FACTS_ON_THIS, maker: code.MAKE_FACTS },
      );
      assert.deepEqual(facts, [described.selector, described.selector], 'one selector maker on both paths');
      const found = await resolveIn(target, described.selector);
      assert.equal(found.count, 1, `${found.selector} matches one element`);
      assert.ok(found.same, `${found.selector} matches the inspected element`);
      assert.doesNotMatch(found.selector, /:r\d|82736451/, `${found.selector} uses no generated id`);
    });

  it('a shadow element is its hosts’ selectors, then its own, joined by >>>', async () => {
    const { selector } = await page.evaluate(
      (source) => (0, eval)(source) as { selector: string },
      code.describeSource("document.getElementById('open-host').shadowRoot.querySelector('.field')"),
    );
    assert.equal(selector, '#open-host >>> .field');
  });

  it('leaves nothing on the page’s window', async () => {
    const before = await page.evaluate(() => Object.getOwnPropertyNames(window).length);
    await page.evaluate((source) => (0, eval)(source), code.describeSource('document.body.firstElementChild'));
    await page.evaluate(
      ({ first, maker }) => {
        const element = document.querySelector('li')!;
        ((0, eval)(`(${first})`) as (this: Element, names: string[]) => unknown).call(element, []);
        ((0, eval)(`(${maker})`) as (this: Element) => unknown).call(element);
      },
      { first: code.FACTS_ON_THIS, maker: code.MAKE_FACTS },
    );
    assert.equal(await page.evaluate(() => Object.getOwnPropertyNames(window).length), before);
  });
});
