/**
 * inspect_element and highlight_element in a real `npm create vite` react-ts app (and vue-ts), through
 * a real Chromium with our extension, the connector's HTTP API and a real MCP SDK client. The apps are
 * copies of the cached dev-server apps (support/inspectApps.ts) with known lines.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import type { ElementInspection } from '../../src/shared/inspection';
import type { StoredSelectedElement } from '../../src/shared/protocol';
import { get, post } from '../support/http';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startApp, type RunningApp } from './support/devApps';
import { inspectReactApp, inspectSvelteApp, inspectVueApp } from './support/inspectApps';

describe('inspect_element and highlight_element in real dev-server apps', function () {
  this.timeout(300_000);
  let t: McpTestConnector;
  let browser: TestBrowser;
  let client: Client;

  before(async function () {
    const executable = requireChromium(this);
    t = await startMcpConnector();
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, t.port);
    ({ client } = await httpClient(t.port));
  });
  after(async () => {
    await client?.close();
    await browser?.close();
    await t?.stop();
  });

  const tool = async (name: string, args: Record<string, unknown>) => {
    const result = await call(client, name, args);
    return { text: textOf(result), isError: result.isError === true };
  };
  const open = async (url: string, ready: string): Promise<Page> => {
    for (const old of browser.context.pages()) await old.close();
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.bringToFront();
    await page.waitForSelector(ready);
    return page;
  };

  describe('Vite react-ts', () => {
    let app: RunningApp;
    before(async () => {
      app = await startApp(inspectReactApp);
      await open(`${app.origin}/`, 'button.counter');
    });
    after(async () => app?.stop());

    it('names the component chain and the JSX line of the counter button, and the winning and overridden rules', async () => {
      const { text, isError } = await tool('inspect_element', { selector: 'button.counter' });
      assert.equal(isError, false, text);
      if (process.env.PRINT_INSPECTION) process.stdout.write(`${text}\n`);
      assert.ok(text.length <= 3000, `${text.length} characters:\n${text}`);
      assert.match(text, /<button> role button "count is 0"/, text);
      assert.match(text, /App \(src\/main\.tsx:\d+\) › Counter \(src\/App\.tsx:16\)/, text);
      assert.match(text, /Element written at src\/App\.tsx:7/, text);
      assert.match(text, /^\.counter — src\/App\.css:5\n {2}✓ background-color: rebeccapurple/m, text);
      assert.match(text, /^button — src\/index\.css:1\n {2}✗ border-radius: 4px \(overridden\)/m, text);
      assert.match(text, /✗ background-color: #1a1a1a \(overridden\)/, text);
      assert.match(text, /✓ color: white/, text);
      assert.match(text, /Visible\./, text);
      assert.match(text, /Box: \d+(\.\d)?×\d+(\.\d)? at/, text);
      assert.match(text, /background-color rgb\(102, 51, 153\)/, text);
    });

    it('answers the same over HTTP POST /inspect-element, with absolute files for editors', async () => {
      const { status, json } = await post(t.port, '/inspect-element', { selector: 'button.counter' });
      assert.equal(status, 200, JSON.stringify(json));
      const inspection = json as unknown as ElementInspection;
      const counter = inspection.rules.find((rule) => rule.selector === '.counter')!;
      assert.equal(counter.location?.original?.source, 'src/App.css');
      assert.equal(counter.location?.original?.line, 5);
      assert.equal(counter.location?.original?.file, `${app.dir}/src/App.css`);
      assert.equal(inspection.components.framework, 'react');
      assert.equal(inspection.components.element?.original?.line, 7);
      assert.equal(inspection.components.element?.original?.file, `${app.dir}/src/App.tsx`);
      const bad = await post(t.port, '/inspect-element', { selector: 'button', ref: 'e1' });
      assert.equal(bad.status, 400, JSON.stringify(bad.json));
      assert.match(JSON.stringify(bad.json), /exactly one of `ref` or `selector`/);
    });

    it('says why hidden elements are hidden', async () => {
      const gone = await tool('inspect_element', { selector: '#gone' });
      assert.match(gone.text, /Not visible: display:none on the element itself/, gone.text);
      assert.match(gone.text, /^\.gone — src\/App\.css:10/m, gone.text);
      const faded = await tool('inspect_element', { selector: '#faded' });
      assert.match(faded.text, /Not visible: opacity:0 on its ancestor <div\.veil>/, faded.text);
    });

    it('inspects by snapshot ref, and tells a bad selector what to do', async () => {
      const snapshot = await tool('take_snapshot', {});
      const ref = /(e\d+) button "count is 0"/.exec(snapshot.text)?.[1];
      assert.ok(ref, snapshot.text);
      const byRef = await tool('inspect_element', { ref });
      assert.match(byRef.text, /Counter \(src\/App\.tsx:16\)/, byRef.text);
      // A selector asks the DOM domain for the document again, which ends every id it gave out: the id remembered
      // for the ref is stale, and the next inspection by ref asks for a new one.
      assert.match((await tool('inspect_element', { selector: '.card' })).text, /^<div>/m);
      const again = await tool('inspect_element', { ref });
      assert.ok(!again.isError, again.text);
      assert.match(again.text, /^\.counter — src\/App\.css:5$/m, again.text);
      // The same inspection; a failure the page met meanwhile may follow it as a digest, which is not the element's.
      const inspection = (text: string) => text.split('\n\nNew since your previous call')[0];
      assert.equal(inspection((await tool('inspect_element', { ref })).text), inspection(again.text));
      const none = await tool('inspect_element', { selector: '#nothing-here' });
      assert.equal(none.isError, true);
      assert.match(none.text, /No element matches '#nothing-here'/);
    });

    it('a repeat inspection reads the element as it is now: after a render, a style change, a new rule, its removal and a reload', async () => {
      // The extension keeps a page handle on an inspected element and the active tab between calls: neither may
      // answer what was.
      const page = browser.context.pages()[0]!;
      const refOf = async () => /(e\d+) button "count is \d+"/.exec((await tool('take_snapshot', {})).text)?.[1];
      const ref = await refOf();
      assert.ok(ref);
      assert.match((await tool('inspect_element', { ref })).text, /"count is 0"[\s\S]*Visible\./);
      await page.click('button.counter');
      await page.waitForFunction(() => document.querySelector('button.counter')?.textContent === 'count is 1');
      assert.match((await tool('inspect_element', { ref })).text, /role button "count is 1"/);
      await page.evaluate(() => ((document.querySelector('button.counter') as HTMLElement).style.display = 'none'));
      const hidden = await tool('inspect_element', { ref });
      assert.match(hidden.text, /Not visible: display:none on the element itself/, hidden.text);
      assert.match(hidden.text, /✓ display: none/, hidden.text);
      await page.evaluate(() => {
        (document.querySelector('button.counter') as HTMLElement).style.display = '';
        document.head.append(
          Object.assign(document.createElement('style'), { textContent: '.counter { cursor: wait }' }),
        );
      });
      const restyled = await tool('inspect_element', { ref, properties: ['cursor'] });
      assert.match(restyled.text, /Visible\./, restyled.text);
      assert.match(restyled.text, /cursor wait/, restyled.text);
      assert.match(restyled.text, /^\.counter\b.*\n {2}✓ cursor: wait/m, restyled.text);
      await page.evaluate(() => document.querySelector('button.counter')!.remove());
      // React still holds the removed button, so its ref still names it: out of the document, matching no rule.
      const removed = await tool('inspect_element', { ref });
      assert.equal(removed.isError, false, removed.text);
      assert.match(removed.text, /Not visible: not in the document/, removed.text);
      assert.doesNotMatch(removed.text, /\.counter —/, removed.text);
      await page.reload();
      await page.waitForSelector('button.counter');
      const fresh = await refOf();
      assert.ok(fresh);
      const after = await tool('inspect_element', { ref: fresh });
      assert.equal(after.isError, false, after.text);
      assert.match(after.text, /role button "count is 0"[\s\S]*Visible\./, after.text);
      assert.doesNotMatch(after.text, /cursor: wait/);
    });

    it('answers the same for an element in an iframe the first time and the next (its own document and viewport)', async () => {
      const page = browser.context.pages()[0]!;
      await page.evaluate(() => {
        const frame = Object.assign(document.createElement('iframe'), {
          srcdoc: '<p id="inner" style="margin-top:900px">Inside the frame</p>',
          title: 'Inner frame',
        });
        frame.style.cssText = 'width:300px;height:200px';
        document.body.prepend(frame);
      });
      await page.frameLocator('iframe[title="Inner frame"]').locator('#inner').waitFor();
      const snapshot = (await tool('take_snapshot', {})).text;
      const ref = /(e\d+) paragraph/.exec(snapshot.slice(snapshot.indexOf('Inner frame')))?.[1];
      assert.ok(ref, snapshot);
      const first = await tool('inspect_element', { ref });
      assert.equal(first.isError, false, first.text);
      // Unique in the frame's document, and off-screen in the frame's own 300×200 viewport.
      assert.match(first.text, /^<p> .*selector: #inner$/m, first.text);
      assert.match(first.text, /off-screen at \(\d+, 9\d\d\) in a 300×200 viewport/, first.text);
      assert.equal((await tool('inspect_element', { ref })).text, first.text);
      await page.evaluate(() => document.querySelector('iframe[title="Inner frame"]')!.remove());
    });

    it('follows the active tab and its address between calls: another tab, then a page outside the scope', async () => {
      const first = browser.context.pages()[0]!;
      assert.match((await tool('inspect_element', { selector: 'button.counter' })).text, /^<button>/m);
      const second = await browser.context.newPage();
      await second.goto(`${app.origin}/?second`);
      await second.waitForSelector('button.counter');
      await second.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { id: 'second' })));
      await second.bringToFront();
      assert.match((await tool('inspect_element', { selector: '#second' })).text, /^<p>/m);
      await first.bringToFront();
      assert.match((await tool('inspect_element', { selector: '#second' })).text, /No element matches '#second'/);
      await second.close();
      await first.goto(`http://outofscope.test:${new URL(app.origin).port}/`);
      const outside = await tool('inspect_element', { selector: 'button.counter' });
      assert.equal(outside.isError, true, outside.text);
      assert.match(outside.text, /outside Browser Debug's scope/);
      await first.goto(`${app.origin}/`);
      await first.waitForSelector('button.counter');
      assert.match((await tool('inspect_element', { selector: 'button.counter' })).text, /^<button>/m);
    });

    it('highlight_element shows a labelled outline, and it goes at the next action', async () => {
      const page = browser.context.pages()[0]!;
      const shown = await tool('highlight_element', { selector: 'button.counter', label: 'this one?' });
      assert.match(shown.text, /Highlighted "this one\? · \d+×\d+"/, shown.text);
      const label = () =>
        page.evaluate(
          () =>
            document.getElementById('__browser_debug_highlight__')?.shadowRoot?.querySelector('.label')?.textContent ??
            null,
        );
      assert.match(String(await label()), /^this one\? · \d+×\d+$/);
      const snapshot = await tool('take_snapshot', {});
      assert.doesNotMatch(snapshot.text, /this one\?/, 'the highlight stays out of the accessibility tree');
      const ref = /(e\d+) button "count is 0"/.exec(snapshot.text)![1];
      await tool('click', { ref });
      await until(async () => (await label()) === null, 5000, 'the highlight to go at the next action');
      assert.equal(await page.textContent('button.counter'), 'count is 1');

      await tool('highlight_element', { selector: 'button.counter', durationMs: 300 });
      await until(async () => (await label()) === null, 5000, 'the highlight to go after its duration');
      await tool('highlight_element', { selector: 'button.counter' });
      assert.notEqual(await label(), null);
      assert.match((await tool('highlight_element', { clear: true })).text, /Highlight removed/);
      assert.equal(await label(), null);
    });
  });

  describe('picking (Vite react-ts)', () => {
    let app: RunningApp;
    let page: Page;
    before(async () => {
      app = await startApp(inspectReactApp);
      page = await open(`${app.origin}/`, 'button.counter');
    });
    after(async () => app?.stop());

    it('a pick made with the shortcut reaches get_picked_elements and GET /picked-elements with its note; the page never sees the click', async () => {
      assert.match((await tool('get_picked_elements', {})).text, /No element picked yet/);
      // Headless Chromium delivers no key press to chrome.commands: the test calls the shortcut's own handler.
      const started = await browser.worker.evaluate(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        const hooks = (
          globalThis as unknown as { browserDebug: { shortcut(c: string, t?: chrome.tabs.Tab): Promise<unknown> } }
        ).browserDebug;
        return hooks.shortcut('pick-element', tab);
      });
      assert.deepEqual(Object.keys(started as object).sort(), ['focused', 'picking', 'tabId'], JSON.stringify(started));
      const before = await page.textContent('button.counter');
      await page.hover('button.counter');
      await until(async () => /^button\.counter · \d+×\d+$/.test(await pickerLabel(page)), 5000, 'the hover label');
      await page.click('button.counter');
      // The note field has the focus; the page cannot reach it (closed shadow root), the keyboard can.
      await page.keyboard.type('make it green');
      await page.keyboard.press('Enter');
      let text = '';
      await until(
        async () => /Note: "make it green"/.test((text = (await tool('get_picked_elements', {})).text)),
        15_000,
        'the pick in get_picked_elements',
      );
      assert.match(text, /Counter \(src\/App\.tsx:16\)/, text);
      assert.match(text, /^\.counter — src\/App\.css:5$/m, text);
      assert.equal(await page.textContent('button.counter'), before, 'the pick click did not reach the page');
      assert.equal(await page.locator('[data-browser-debug-pick]').count(), 0, 'no pick mark is left behind');
      assert.equal(await page.locator('#__browser_debug_picker__').count(), 0, 'the picker is gone');
      const { json } = await get(t.port, '/picked-elements');
      const [pick] = (json as { picks: StoredSelectedElement[] }).picks;
      assert.equal(pick?.note, 'make it green');
      assert.equal(
        pick?.inspection?.rules.find((rule) => rule.selector === '.counter')?.location?.original?.file,
        `${app.dir}/src/App.css`,
      );
    });

    it('"Pick element" in the popup starts the picker in the tab (locked here, as the popup opens as a tab)', async () => {
      const tabId = await browser.worker.evaluate(
        async (url) => (await chrome.tabs.query({})).find((tab) => tab.url?.startsWith(url))?.id,
        app.origin,
      );
      const popup = await browser.context.newPage();
      await popup.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
      await popup.evaluate((id) => chrome.runtime.sendMessage({ kind: 'lock-tab', tabId: id, locked: true }), tabId);
      try {
        await popup.click('#pick');
        await page.waitForSelector('#__browser_debug_picker__', { state: 'attached' });
        await page.keyboard.press('Escape');
        await page.waitForSelector('#__browser_debug_picker__', { state: 'detached' });
      } finally {
        const again = await browser.context.newPage();
        await again.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
        await again.evaluate((id) => chrome.runtime.sendMessage({ kind: 'lock-tab', tabId: id, locked: false }), tabId);
        await again.close();
        if (!popup.isClosed()) await popup.close();
        await page.bringToFront();
      }
    });

    it('Escape cancels a pick: nothing is sent and the page keeps working', async () => {
      const count = async () => (await get(t.port, '/picked-elements')).json.total as number;
      const picks = await count();
      await post(t.port, '/pick-element', {});
      await page.waitForSelector('#__browser_debug_picker__', { state: 'attached' });
      await page.hover('button.counter');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#__browser_debug_picker__', { state: 'detached' });
      const before = Number(/\d+/.exec((await page.textContent('button.counter')) ?? '')![0]);
      await page.click('button.counter');
      assert.equal(await page.textContent('button.counter'), `count is ${before + 1}`);
      assert.equal(await count(), picks);
    });
  });

  describe('Vite vue-ts', () => {
    let app: RunningApp;
    before(async () => {
      app = await startApp(inspectVueApp);
      await open(`${app.origin}/`, 'button.counter');
    });
    after(async () => app?.stop());

    it('names the Vue component and its file, and the rule from the SFC', async () => {
      const { text } = await tool('inspect_element', { selector: 'button.counter' });
      assert.match(text, /Components \(vue, outermost first\): App \(src\/App\.vue:1\)/, text);
      assert.match(text, /✓ background-color: rebeccapurple/, text);
    });
  });

  describe('Vite svelte-ts', () => {
    let app: RunningApp;
    before(async () => {
      app = await startApp(inspectSvelteApp);
      await open(`${app.origin}/`, 'button.counter');
    });
    after(async () => app?.stop());

    it('names the Svelte component where it is rendered and the element’s line from __svelte_meta', async () => {
      const { text } = await tool('inspect_element', { selector: 'button.counter' });
      if (process.env.PRINT_INSPECTION) process.stdout.write(`${text}\n`);
      assert.match(text, /Components \(svelte, outermost first\): Counter \(src\/App\.svelte:6\)/, text);
      assert.match(text, /Element written at src\/lib\/Counter\.svelte:7/, text);
    });
  });
});

/**
 * The picker's hover label. Its shadow root is closed, so neither the page nor Playwright's locators see
 * into it; DevTools does: CDP's DOM with `pierce` lists closed shadow roots too.
 */
async function pickerLabel(page: Page): Promise<string> {
  type DomNode = { nodeValue?: string; attributes?: string[]; children?: DomNode[]; shadowRoots?: DomNode[] };
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const find = (node: DomNode, test: (node: DomNode) => boolean): DomNode | undefined =>
      test(node)
        ? node
        : [...(node.children ?? []), ...(node.shadowRoots ?? [])].reduce<DomNode | undefined>(
            (found, child) => found ?? find(child, test),
            undefined,
          );
    const has = (name: string, value: string) => (node: DomNode) =>
      (node.attributes ?? []).some(
        (item, index, list) => index % 2 === 0 && item === name && list[index + 1] === value,
      );
    const host = find(root, has('id', '__browser_debug_picker__'));
    const label = host && find(host, has('class', 'label'));
    return label?.children?.map((child) => child.nodeValue ?? '').join('') ?? '';
  } finally {
    await cdp.detach();
  }
}
