import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { get } from '../support/http';
import { actRig } from './support/actRig';
import { until, workerState } from './support/chromium';
import { startFramesApp, type FramesApp } from './support/framesApp';

type Entry = Record<string, any>;

describe("the console of a page's service and shared workers, while the tab has a debugger session (#33)", function () {
  this.timeout(120_000);
  const rig = actRig();
  let app: FramesApp;
  let page: Page;

  const logs = async (query = '') =>
    (await get(rig.connector.port, `/console-logs?limit=1000${query}`)).json.logs as Entry[];
  const logsWith = async (text: string, query = '') =>
    (await logs(query)).filter((log) => String(log.message).includes(text));
  /** Shared and service workers our extension holds attached on their own. */
  const ownWorkers = async () => (await workerState(rig.browser.worker)).debugger.workers;
  /**
   * From now on, records when the extension calls `chrome.debugger.getTargets()` (once per shared-worker scan)
   * and which targets it attaches to by id.
   */
  const countScans = () =>
    rig.browser.worker.evaluate(() => {
      const scope = globalThis as unknown as { scanTimes?: number[]; targetAttaches?: string[] };
      if (!scope.scanTimes) {
        const getTargets = chrome.debugger.getTargets.bind(chrome.debugger);
        chrome.debugger.getTargets = function () {
          scope.scanTimes!.push(performance.now());
          return getTargets();
        } as typeof chrome.debugger.getTargets;
        const attach = chrome.debugger.attach.bind(chrome.debugger);
        chrome.debugger.attach = function (target: chrome.debugger.Debuggee, version: string) {
          if (target.targetId) scope.targetAttaches!.push(target.targetId);
          return attach(target, version);
        } as typeof chrome.debugger.attach;
      }
      scope.scanTimes = [];
      scope.targetAttaches = [];
    });
  const targetAttaches = () =>
    rig.browser.worker.evaluate(() => (globalThis as unknown as { targetAttaches: string[] }).targetAttaches);
  const scanTimes = () =>
    rig.browser.worker.evaluate(() => (globalThis as unknown as { scanTimes: number[] }).scanTimes);

  before(async () => {
    app = await startFramesApp();
    page = await rig.open(`${app.origin}/index.html`);
    // The service worker logs when it serves sw-data.json; the shared worker when the page connects.
    const served = await page.evaluate(() =>
      (window as unknown as { viaServiceWorker(): Promise<string> }).viaServiceWorker(),
    );
    assert.match(served, /upstream/);
    await until(
      async () => (await page.evaluate(() => document.getElementById('status')!.dataset.shared)) === 'shared ok',
      10_000,
      'the shared worker answered',
    );
  });
  after(() => app?.close());

  it('attaches to nothing for capture alone: no worker console, no worker held', async () => {
    await until(async () => (await logsWith('top page ready')).length > 0, 10_000, 'the page captured');
    assert.deepEqual(await logsWith('service worker serving'), []);
    assert.equal(await ownWorkers(), 0);
  });

  it('once an action opens the tab session, files what the service worker logged (before too) under the tab', async () => {
    const snapshot = await rig.tool('take_snapshot');
    assert.equal(snapshot.isError, false, snapshot.text);
    const top = (await logsWith('top page ready'))[0]!;
    // Logged before the attach: Runtime.enable replays it.
    const serving = () => logsWith('service worker serving', '&context=service_worker');
    await until(async () => (await serving()).length > 0, 10_000, 'the replayed log');
    const [served] = await serving();
    assert.deepEqual(served!.context, { kind: 'service_worker', url: `${app.origin}/sw.js` });
    assert.match(String(served!.source), /\/sw\.js:6:\d+$/);
    assert.equal(served!.tabId, top.tabId);
    // The shared worker is not among the tab session's children: it is found in chrome.debugger.getTargets().
    const shared = () => logsWith('shared worker connected', '&context=shared_worker');
    await until(async () => (await shared()).length > 0, 10_000, "the shared worker's replayed log");
    const [connected] = await shared();
    assert.deepEqual(connected!.context, { kind: 'shared_worker', url: `${app.origin}/shared.js` });
    assert.match(String(connected!.source), /\/shared\.js:3:\d+$/);
    assert.equal(connected!.tabId, top.tabId);
    assert.equal(await ownWorkers(), 2, 'the service worker and the shared worker');

    // Logged while attached: arrives live, and the MCP answer names the worker inside the page-data fence.
    await page.evaluate(() => fetch('sw-data.json', { cache: 'no-store' }).then((response) => response.text()));
    await until(async () => (await serving()).length >= 2, 10_000, 'the live log');
    const answer = await rig.tool('get_console_logs', { context: 'service_worker' });
    assert.equal(answer.isError, false, answer.text);
    assert.match(
      answer.text,
      new RegExp(`\\[service worker ${app.origin}/sw\\.js\\] service worker serving sw-data\\.json`),
    );
  });

  it('files what the shared worker logs live, and the MCP answer names it', async () => {
    // An action keeps the tab's session open; then a second connection from the page logs again, while attached.
    assert.equal((await rig.tool('take_snapshot')).isError, false);
    await page.evaluate(() => new SharedWorker('shared.js').port.start());
    await until(
      async () => (await logsWith('shared worker connected', '&context=shared_worker')).length >= 2,
      10_000,
      'the live log',
    );
    const answer = await rig.tool('get_console_logs', { context: 'shared_worker' });
    assert.equal(answer.isError, false, answer.text);
    assert.match(answer.text, new RegExp(`\\[shared worker ${app.origin}/shared\\.js\\] shared worker connected`));
  });

  it('finds a shared worker the page starts while the session is open, with no further command', async () => {
    assert.equal((await rig.tool('take_snapshot')).isError, false, 'the session is open');
    const answered = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const late = new SharedWorker('shared.js?late');
          late.port.onmessage = (event) => resolve(String(event.data));
          late.port.start();
        }),
    );
    assert.equal(answered, 'shared ok');
    // No tool call from here: the page hook's signal is what finds it.
    const late = () =>
      logsWith('shared worker connected', '&context=shared_worker').then((found) =>
        found.filter((log) => log.context.url === `${app.origin}/shared.js?late`),
      );
    await until(async () => (await late()).length > 0, 10_000, "the late shared worker's replayed log");
    assert.equal(await ownWorkers(), 3, 'the service worker and both shared workers');
  });

  it('scans for shared workers at no command: N commands on the open session call getTargets 0 times', async () => {
    assert.equal((await rig.tool('take_snapshot')).isError, false, 'the session is open');
    await countScans();
    for (let i = 0; i < 5; i++) assert.equal((await rig.tool('take_snapshot')).isError, false);
    assert.deepEqual(await scanTimes(), []);
  });

  it('a forged signal costs at most one scan per 200 ms gap and attaches nothing', async () => {
    assert.equal((await rig.tool('take_snapshot')).isError, false, 'the session is open');
    const held = await ownWorkers();
    await countScans();
    // Page script can send the hook's event itself: 50 times, one per task, over a second or more.
    await page.evaluate(async () => {
      for (let i = 0; i < 50; i++) {
        window.dispatchEvent(new Event('__browserDebugSharedWorker'));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await until(async () => (await scanTimes()).length >= 2, 10_000, 'the signals were scanned');
    const times = await scanTimes();
    assert.ok(times.length < 50, `${times.length} scans for 50 signals`);
    // The worker's own clock: no two scans of the tab start within the gap (1 ms for timer rounding).
    for (let i = 1; i < times.length; i++) assert.ok(times[i]! - times[i - 1]! >= 199, `scans at ${times.join(', ')}`);
    assert.equal(await ownWorkers(), held, 'no worker held for a forged signal');
    assert.deepEqual(await targetAttaches(), [], 'no worker attached for a forged signal');
  });

  it('leaves SharedWorker as the page knew it: same descriptor, name, length, instanceof, subclassing', async () => {
    // A string, so the test's compiler adds nothing to the class.
    const seenByPage = await page.evaluate(`(() => {
      const descriptor = Object.getOwnPropertyDescriptor(window, 'SharedWorker');
      const worker = new SharedWorker('shared.js');
      class Sub extends SharedWorker {}
      const sub = new Sub('shared.js');
      let called;
      try { SharedWorker('shared.js'); } catch (error) { called = error.constructor.name; }
      Object.freeze(SharedWorker);
      const afterFreeze = new SharedWorker('shared.js') instanceof SharedWorker;
      return {
        writable: descriptor.writable, enumerable: descriptor.enumerable, configurable: descriptor.configurable,
        name: SharedWorker.name, length: SharedWorker.length,
        instance: worker instanceof SharedWorker, constructor: worker.constructor === SharedWorker,
        prototype: Object.getPrototypeOf(worker) === SharedWorker.prototype, port: worker.port instanceof MessagePort,
        sub: sub instanceof Sub && sub instanceof SharedWorker, called, afterFreeze,
      };
    })()`);
    assert.deepEqual(seenByPage, {
      writable: true,
      enumerable: false,
      configurable: true,
      name: 'SharedWorker',
      length: 1,
      instance: true,
      constructor: true,
      prototype: true,
      port: true,
      sub: true,
      called: 'TypeError',
      afterFreeze: true,
    });
  });

  it("lets the service and shared workers go when the tab's session ends (the idle detach)", async () => {
    await until(async () => (await workerState(rig.browser.worker)).debugger.attached === 0, 30_000, 'idle detach');
    await until(async () => (await ownWorkers()) === 0, 5000, 'the service worker let go');
  });
});
