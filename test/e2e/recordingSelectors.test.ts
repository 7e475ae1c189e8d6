/**
 * The recorder's selectors (browser-extension/src/content/recording/selectors.ts, CSS paths from
 * @medv/finder) on the inputs the hand-written path builder handled, in real Chromium: every CSS
 * alternative finds exactly the recorded element, generated ids are never used, odd ids are escaped,
 * and an element in a shadow root gets a host-to-element chain whose last part is scoped to that root.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireChromium } from './support/chromium';

const ROOT = join(__dirname, '..', '..');

const FIXTURE = `<!doctype html><html><body>
<div id="toolbar"><button id=":r1:">Save</button><button id=":r2:">Save</button></div>
<form><input data-testid="email"><input name="qty"><input name="qty"></form>
<ul><li>one</li><li>two</li><li>three</li><li>four</li></ul>
<section><div><p>first</p><p>second</p></div><div><p>first</p><p>second</p></div></section>
<div id="a.b:c"><span>odd id</span></div>
<span>plain</span>
<div id="open-host"></div>
<script>
  const root = document.getElementById('open-host').attachShadow({ mode: 'open' });
  root.innerHTML = '<div><label>Card <input class="field"></label><label>Code <input></label></div>';
</script>
</body></html>`;

/** Each case: how the test finds the element, in the page's own terms. */
const CASES: [string, string][] = [
  ['a second button whose id looks generated', "document.querySelectorAll('#toolbar button')[1]"],
  ['an input with a test id', "document.querySelector('[data-testid=email]')"],
  ['the second of two inputs with the same name', "document.querySelectorAll('input[name=qty]')[1]"],
  ['the third of four bare list items', "document.querySelectorAll('li')[2]"],
  ['a paragraph repeated in twin blocks', "document.querySelectorAll('section p')[3]"],
  ['a child of an element whose id needs escaping', "document.getElementById('a.b:c').firstElementChild"],
  ['a bare span', "document.querySelectorAll('body > span')[0]"],
  [
    'the second input of an open shadow root',
    "document.getElementById('open-host').shadowRoot.querySelectorAll('input')[1]",
  ],
];

describe('recorder selectors (@medv/finder) in real Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let page: Page;

  before(async function () {
    const executablePath = requireChromium(this);
    const bundle = await build({
      entryPoints: [join(ROOT, 'browser-extension/src/content/recording/selectors.ts')],
      bundle: true,
      format: 'iife',
      globalName: 'recorderSelectors',
      write: false,
    });
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage();
    await page.setContent(FIXTURE);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  });

  after(async () => {
    await browser?.close();
  });

  for (const [what, find] of CASES)
    it(`${what}: each CSS chain finds exactly that element`, async () => {
      const result = await page.evaluate((source) => {
        const element = (0, eval)(source) as Element;
        const api = (window as unknown as { recorderSelectors: { selectorsFor(e: Element): string[][] } })
          .recorderSelectors;
        const chains = api.selectorsFor(element).filter((chain) => !/^(aria|text)\//.test(chain[0]!));
        // A chain's first part is looked up in the document, each later one in the shadow root before it.
        // (No named helpers in here: the test transpiler would wrap them in a missing __name.)
        return chains.map((chain) => {
          let scope: Document | ShadowRoot = document;
          let found: Element[] = [];
          for (const [i, part] of chain.entries()) {
            found = Array.from(scope.querySelectorAll(part));
            if (i < chain.length - 1) scope = found[0]!.shadowRoot!;
          }
          return { chain, count: found.length, same: found[0] === element };
        });
      }, find);
      assert.ok(result.length > 0, `${what}: at least one CSS chain`);
      for (const { chain, count, same } of result) {
        assert.equal(count, 1, `${JSON.stringify(chain)} matches one element`);
        assert.ok(same, `${JSON.stringify(chain)} matches the recorded element`);
        assert.ok(!chain.some((part) => part.includes(':r')), `${JSON.stringify(chain)} uses no generated id`);
      }
    });

  it('an element in a shadow root is a chain from its host', async () => {
    const chains = await page.evaluate(() => {
      const input = document.getElementById('open-host')!.shadowRoot!.querySelector('.field')!;
      return (
        window as unknown as { recorderSelectors: { selectorsFor(e: Element): string[][] } }
      ).recorderSelectors.selectorsFor(input);
    });
    assert.deepEqual(chains[0], ['#open-host', '.field']);
  });
});
