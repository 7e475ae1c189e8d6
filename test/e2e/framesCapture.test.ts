import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { get, post } from '../support/http';
import { actRig, refIn } from './support/actRig';
import { until } from './support/chromium';
import { startFramesApp, type FramesApp } from './support/framesApp';

type Entry = Record<string, any>;

describe('capture from every document of the page: iframes and workers (#33)', function () {
  this.timeout(90_000);
  const rig = actRig();
  let app: FramesApp;

  const logs = async (query = '') =>
    (await get(rig.connector.port, `/console-logs?limit=1000${query}`)).json.logs as Entry[];
  const logWith = async (text: string, query = '') => {
    let found: Entry | undefined;
    await until(
      async () => !!(found = (await logs(query)).find((log) => String(log.message).includes(text))),
      10_000,
      text,
    );
    return found!;
  };

  let page: Page;
  const requests = async () => (await get(rig.connector.port, '/network-requests?limit=1000')).json.requests as Entry[];

  before(async () => {
    app = await startFramesApp();
    page = await rig.open(`${app.origin}/index.html`);
  });
  after(() => app?.close());

  it("captures the cross-origin iframe's console.error and uncaught error, marked with the frame", async () => {
    const pay = { kind: 'frame', url: `${app.payOrigin}/pay.html` };
    const failed = await logWith('pay frame: card form failed to load');
    assert.equal(failed.level, 'error');
    assert.deepEqual(failed.context, pay);
    assert.equal(failed.url, `${app.origin}/index.html`, 'filed under the top page');
    assert.equal(failed.source, `${app.payOrigin}/pay.js:2:9`);
    const top = await logWith('top page ready');
    assert.equal(failed.pageLoadId, top.pageLoadId, 'the same page load as the top page');
    assert.equal(top.context, undefined, 'the top page has no context');
    const exploded = await logWith('pay frame exploded');
    assert.deepEqual(exploded.context, pay);
    const same = await logWith('same-origin frame says hi');
    assert.deepEqual(same.context, { kind: 'frame', url: `${app.origin}/same.html` });
  });

  it('filters by context over HTTP and MCP, and shows the frame inside the page-data fence', async () => {
    const framed = await logs('&context=frame');
    assert.ok(framed.length >= 3 && framed.every((log) => log.context?.kind === 'frame'));
    const page = await logs('&context=page');
    assert.ok(page.some((log) => log.message === 'top page ready'));
    assert.ok(page.every((log) => log.context === undefined));
    const bad = await get(rig.connector.port, '/console-logs?context=iframe');
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.json), /context/);

    const answer = await rig.tool('get_console_logs', { context: 'frame', level: 'error' });
    assert.equal(answer.isError, false, answer.text);
    const fenceStart = answer.text.indexOf('--- page content');
    const line = answer.text.split('\n').find((text) => text.includes('card form failed'))!;
    assert.ok(line.includes(`[iframe ${app.payOrigin}/pay.html]`), line);
    assert.ok(fenceStart >= 0 && answer.text.indexOf(line) > fenceStart, 'the frame URL is page data, fenced');
    assert.ok(!answer.text.includes('top page ready'), 'context=frame leaves the top page out');

    const id = line.match(/#(\S+)/)![1];
    const detail = await rig.tool('get_console_entry', { id });
    assert.match(detail.text, new RegExp(`In: iframe ${app.payOrigin}/pay.html`));
    const wrong = await rig.tool('get_console_logs', { context: 'popup' });
    assert.equal(wrong.isError, true);
  });

  it("files a service worker's own fetches under the tab it controls, named by the worker", async () => {
    assert.equal(await page.evaluate(() => (window as any).viaServiceWorker()), '{ "from": "sw-upstream" }\n');
    const upstream = `${app.origin}/sw-upstream.json`;
    let fetched: Entry | undefined;
    await until(
      async () => !!(fetched = (await requests()).find((request) => request.url === upstream)),
      10_000,
      upstream,
    );
    assert.equal(fetched!.status, 200);
    assert.deepEqual(fetched!.context, { kind: 'service_worker', url: `${app.origin}/sw.js` });
    const top = await logWith('top page ready');
    assert.equal(fetched!.tabId, top.tabId);
    assert.equal(fetched!.pageLoadId, top.pageLoadId);
    const answer = await rig.tool('get_network_requests', { search: 'sw-upstream' });
    assert.match(answer.text, new RegExp(`sw-upstream\\.json .*\\[service worker ${app.origin}/sw\\.js\\]`));
    // The worker's fetch of worker-data.json is the tab's own (webRequest gives it the tab).
    await until(
      async () => (await requests()).some((request) => request.url === `${app.origin}/worker-data.json`),
      10_000,
      'the Web Worker fetch of worker-data.json',
    );
  });

  it("captures dedicated workers' console output and errors over the tab's debugger session, with their script", async () => {
    // What the targets module does while an action runs: a debugger session on the tab, its targets auto-attached.
    const tabUrl = `${app.origin}/index.html`;
    await rig.browser.worker.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      await chrome.debugger.attach({ tabId: tab!.id! }, '1.3');
      const types = ['worker', 'shared_worker', 'service_worker', 'iframe', 'page'].map((type) => ({ type }));
      await chrome.debugger.sendCommand({ tabId: tab!.id! }, 'Target.setAutoAttach', {
        autoAttach: true,
        waitForDebuggerOnStart: false,
        flatten: true,
        filter: types,
      });
    }, tabUrl);
    try {
      // Logged before the session existed: Runtime.enable replays it.
      const started = await logWith('web worker started', '&context=worker');
      assert.deepEqual(started.context, { kind: 'worker', url: `${app.origin}/worker.js` });
      assert.equal(started.source, `${app.origin}/worker.js:2:9`);
      const fetched = await logWith('web worker fetched worker-data', '&context=worker');
      assert.equal(fetched.level, 'warn');
      await page.evaluate(() => {
        const source = "console.error('a new worker failed', 42); throw new Error('worker exploded');";
        new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      });
      const failed = await logWith('a new worker failed 42', '&context=worker');
      assert.equal(failed.level, 'error');
      const exploded = await logWith('worker exploded', '&context=worker');
      assert.equal(exploded.errorKind, 'uncaught');
      assert.match(exploded.context.url, /^blob:/);
      const top = await logWith('top page ready');
      assert.equal(exploded.tabId, top.tabId);
      assert.equal(exploded.pageLoadId, top.pageLoadId);
    } finally {
      await rig.browser.worker.evaluate(async (url) => {
        const [tab] = await chrome.tabs.query({ url });
        await chrome.debugger.detach({ tabId: tab!.id! });
      }, tabUrl);
    }
  });

  describe('picking in iframes and shadow roots', () => {
    const picks = async () => (await get(rig.connector.port, '/picked-elements')).json;

    /** Starts the picker, lets `click` pick with real input, sends the note, and answers the new pick. */
    async function pickWith(click: () => Promise<void>): Promise<Entry> {
      const before = (await picks()).total as number;
      const asked = await post(rig.connector.port, '/pick-element', {});
      assert.equal(asked.status, 200, JSON.stringify(asked.json));
      await page.waitForSelector('#__browser_debug_picker__', { state: 'attached' });
      const pay = page.frames().find((frame) => frame.url().startsWith(app.payOrigin))!;
      await pay.waitForSelector('#__browser_debug_picker__', { state: 'attached' });
      await click();
      await page.keyboard.type('this one');
      await page.keyboard.press('Enter');
      await until(async () => (await picks()).total > before, 15_000, 'the pick reached the connector');
      const [newest] = (await picks()).picks as Entry[];
      // The pick ended the picker in every frame.
      await until(async () => (await pay.locator('#__browser_debug_picker__').count()) === 0, 5000, 'pay picker gone');
      assert.equal(await page.locator('#__browser_debug_picker__').count(), 0);
      return newest!;
    }

    it('picks the button of the cross-origin iframe, names the frame, and inspects it there', async () => {
      const pay = page.frames().find((frame) => frame.url().startsWith(app.payOrigin))!;
      const picked = await pickWith(() => pay.click('#pay-button'));
      assert.equal(picked.element.tagName, 'BUTTON');
      assert.equal(picked.element.id, 'pay-button');
      assert.equal(picked.note, 'this one');
      assert.deepEqual(picked.context, { kind: 'frame', url: `${app.payOrigin}/pay.html` });
      // The full inspection, read over the frame's own session: its rule, its role and name, a box.
      const inspection = picked.inspection;
      assert.ok(inspection, JSON.stringify(picked).slice(0, 600));
      assert.deepEqual([inspection.tag, inspection.role, inspection.name], ['button', 'button', 'Pay now']);
      const rule = (inspection.rules as Entry[]).find((entry) => entry.selector === '#pay-button');
      assert.ok(rule, JSON.stringify(inspection.rules));
      assert.equal(rule.location.sheetUrl, `${app.payOrigin}/pay.html`);
      assert.ok(inspection.box.width > 0 && inspection.box.height > 0, JSON.stringify(inspection.box));
      assert.equal(await pay.locator('[data-browser-debug-pick]').count(), 0, 'the pick mark is gone');
      assert.equal(await pay.textContent('#paid'), 'unpaid', 'the page never saw the pick click');
    });

    it('picks in the same-origin iframe with the full inspection', async () => {
      const same = page.frames().find((frame) => frame.url() === `${app.origin}/same.html`)!;
      const picked = await pickWith(() => same.click('#same-button'));
      assert.equal(picked.element.id, 'same-button');
      assert.deepEqual(picked.context, { kind: 'frame', url: `${app.origin}/same.html` });
      assert.equal(picked.inspection.tag, 'button');
      assert.ok(picked.inspection.box, JSON.stringify(picked.inspection).slice(0, 400));
    });

    it('picks inside a closed shadow root (not its host), with the inspection', async () => {
      const host = (await page.locator('#closed-host').boundingBox())!;
      const picked = await pickWith(() => page.mouse.click(host.x + 12, host.y + host.height / 2));
      assert.equal(picked.element.tagName, 'BUTTON');
      assert.equal(picked.element.className, 'go');
      assert.equal(picked.context, undefined, 'a shadow root is part of the top page');
      assert.equal(picked.inspection.tag, 'button');
      // @medv/finder's selector in the closed root, after its host's (uniqueSelector.ts), made over CDP.
      assert.equal(picked.inspection.selector, '#closed-host >>> button');
      assert.equal(await page.evaluate(() => (window as any).shadowClicks), undefined, 'the page never saw it');
    });
  });

  it('inspects an element in a closed shadow root and in the same-origin iframe by its snapshot ref', async () => {
    page = await rig.open(`${app.origin}/index.html`);
    await page
      .frames()
      .find((frame) => frame.url() === `${app.origin}/same.html`)!
      .waitForSelector('#same-button');
    const snapshot = await rig.tool('take_snapshot');
    assert.equal(snapshot.isError, false, snapshot.text);
    for (const name of [/button "closed go"/, /button "Same-origin button"/]) {
      const ref = refIn(snapshot.text, name);
      const inspected = await rig.tool('inspect_element', { ref });
      assert.equal(inspected.isError, false, inspected.text);
      assert.match(inspected.text, /Box: \d+(\.\d+)?×\d+/, inspected.text.slice(0, 800));
      // Not "covered by" its own shadow host: the hit test runs in the element's tree.
      assert.match(inspected.text, /\nVisible\.\n/, inspected.text.slice(0, 800));
      assert.match(inspected.text, /Matched rules/);
    }
  });
});
