import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { get } from '../support/http';
import { actRig } from './support/actRig';
import { until, workerState } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

type Entry = Record<string, any>;

/** actionSession.ts IDLE_MS: an unpinned tab session detaches this long after its last use. */
const IDLE_MS = 10_000;

describe("a dedicated worker's console, captured with no agent acting when the user opts in (#33)", function () {
  this.timeout(120_000);
  const rig = actRig();
  let site: FixtureServer;
  let page: Page;
  before(async () => (site = await startFixtureServer()));
  after(() => site?.close());

  const logs = async (query = '') =>
    (await get(rig.connector.port, `/console-logs?limit=1000${query}`)).json.logs as Entry[];
  const logsWith = async (text: string, query = '') =>
    (await logs(query)).filter((log) => String(log.message).includes(text));
  const attached = async () => (await workerState(rig.browser.worker)).debugger.attached;
  const setCapture = (on: boolean) =>
    rig.browser.worker.evaluate(async (value) => {
      const stored = (await chrome.storage.local.get('settings')).settings as object | undefined;
      await chrome.storage.local.set({ settings: { ...stored, captureWorkerConsoles: value } });
    }, on);
  /** From now on, records each tab the extension attaches chrome.debugger to. */
  const countAttaches = () =>
    rig.browser.worker.evaluate(() => {
      const scope = globalThis as unknown as { tabAttaches?: number[] };
      if (!scope.tabAttaches) {
        const attach = chrome.debugger.attach.bind(chrome.debugger);
        chrome.debugger.attach = function (target: chrome.debugger.Debuggee, version: string) {
          if (target.tabId !== undefined) scope.tabAttaches!.push(target.tabId);
          return attach(target, version);
        } as typeof chrome.debugger.attach;
      }
      scope.tabAttaches = [];
    });
  const tabAttaches = () =>
    rig.browser.worker.evaluate(() => (globalThis as unknown as { tabAttaches: number[] }).tabAttaches);
  const open = async (path: string) => (page = await rig.open(`${site.origin}${path}`));
  /** Sends the page's first worker a message and waits for its answer: the worker runs. */
  const ping = (text: string) =>
    page.evaluate(
      (message) =>
        new Promise<string>((resolve) => {
          const scope = window as unknown as { workers: Worker[] };
          scope.workers[0]!.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
          scope.workers[0]!.postMessage(message);
        }),
      text,
    );

  it('off (the default): a page starting a worker attaches nothing, and the worker is untouched', async () => {
    await countAttaches();
    await open('/workers.html');
    assert.equal(await ping('ping'), 'w0:ping');
    const transparent = await page.evaluate(() => {
      const worker = (window as unknown as { workers: Worker[] }).workers[0]!;
      return worker instanceof Worker && worker.constructor === Worker && Worker.name === 'Worker';
    });
    assert.equal(transparent, true);
    // A barrier: this log travels the page's capture port after the worker signal did.
    await page.evaluate(() => console.log('after the ping'));
    await until(async () => (await logsWith('after the ping')).length > 0, 10_000, 'the page captured');
    assert.deepEqual(await tabAttaches(), []);
    assert.equal(await attached(), 0);
    assert.deepEqual(await logs('&context=worker'), []);
  });

  it("leaves Worker as the page knew it: descriptor, name, length, instanceof, subclassing, the worker's own URL", async () => {
    // A string, so the test's compiler adds nothing to the class.
    const seenByPage = await page.evaluate(`(async () => {
      const descriptor = Object.getOwnPropertyDescriptor(window, 'Worker');
      const worker = new Worker('page-worker.js');
      class Sub extends Worker {}
      const sub = new Sub('page-worker.js');
      let called;
      try { Worker('page-worker.js'); } catch (error) { called = error.constructor.name; }
      const location = await new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.postMessage('location');
      });
      for (const started of [worker, sub]) started.terminate();
      return {
        writable: descriptor.writable, enumerable: descriptor.enumerable, configurable: descriptor.configurable,
        name: Worker.name, length: Worker.length,
        instance: worker instanceof Worker, constructor: worker.constructor === Worker,
        prototype: Object.getPrototypeOf(worker) === Worker.prototype,
        sub: sub instanceof Sub && sub instanceof Worker, called, location,
      };
    })()`);
    assert.deepEqual(seenByPage, {
      writable: true,
      enumerable: false,
      configurable: true,
      name: 'Worker',
      length: 1,
      instance: true,
      constructor: true,
      prototype: true,
      sub: true,
      called: 'TypeError',
      location: `${site.origin}/page-worker.js`,
    });
  });

  it("on: the worker's log and uncaught error are captured with no tool call, and the session outlives the idle detach", async () => {
    // Turned on as the user does: the popup's Settings, the checkbox, Save.
    const popup = await rig.browser.context.newPage();
    await popup.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/popup.html`);
    await popup.locator('summary', { hasText: 'Settings' }).click();
    await popup.getByLabel('Capture Web Worker consoles').check();
    await popup.locator('#save').click();
    await until(
      () =>
        rig.browser.worker.evaluate(
          async () =>
            ((await chrome.storage.local.get('settings')).settings as { captureWorkerConsoles?: boolean } | undefined)
              ?.captureWorkerConsoles === true,
        ),
      10_000,
      'the setting saved',
    );
    await popup.close();
    await countAttaches();
    await open('/workers.html');
    const url = `${site.origin}/page-worker.js`;
    await until(async () => (await logsWith('page worker w0 started', '&context=worker')).length > 0, 15_000, 'log');
    await until(async () => (await logsWith('page worker w0 boom', '&context=worker')).length > 0, 15_000, 'error');
    const [started] = await logsWith('page worker w0 started', '&context=worker');
    assert.deepEqual(started!.context, { kind: 'worker', url });
    assert.match(String(started!.source), /\/page-worker\.js:2:\d+$/);
    const [boom] = await logsWith('page worker w0 boom', '&context=worker');
    assert.deepEqual(boom!.context, { kind: 'worker', url });
    assert.equal(boom!.level, 'error');
    assert.match(String(boom!.message), /^Uncaught Error: page worker w0 boom/);
    const [tabId] = await tabAttaches();
    assert.deepEqual(await tabAttaches(), [tabId], "one attach, of the page's own tab");
    assert.equal(started!.tabId, tabId);

    // Past the idle detach with no action: capture still holds the session, and live logs still arrive.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 2000));
    assert.equal(await attached(), 1);
    assert.equal(await ping('late'), 'w0:late');
    await until(async () => (await logsWith('page worker w0 got late', '&context=worker')).length > 0, 10_000, 'live');
    assert.equal((await tabAttaches()).length, 1);

    // An agent acting in the tab reuses the same session: no second attach.
    const snapshot = await rig.tool('take_snapshot');
    assert.equal(snapshot.isError, false, snapshot.text);
    assert.match(snapshot.text, /1 started/);
    assert.deepEqual(await tabAttaches(), [tabId]);
    assert.equal(await attached(), 1);
  });

  it('a page that starts 50 workers causes one attach, and every worker is captured', async () => {
    await countAttaches();
    await open('/workers.html?count=50');
    await until(
      async () => new Set((await logsWith('started', '&context=worker')).map((log) => log.message)).size >= 50,
      30_000,
      "the 50 workers' logs",
    );
    assert.equal((await tabAttaches()).length, 1);
  });

  it('navigating away lets the session go (idle detach), and a new page with workers may attach again', async () => {
    await page.goto(`${site.origin}/blank.html`);
    await until(async () => (await attached()) === 0, IDLE_MS + 10_000, 'the session let go');
    await countAttaches();
    await page.goto(`${site.origin}/workers.html`);
    await until(async () => (await attached()) === 1, 10_000, 'attached again');
    assert.equal((await tabAttaches()).length, 1);
  });

  it('turning the setting off lets the session go', async () => {
    await setCapture(false);
    await until(async () => (await attached()) === 0, IDLE_MS + 10_000, 'the session let go');
  });
});
