/// <reference types="chrome" />
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Connector } from '../../src/connector/connector';
import type { StoredConsoleLog } from '../../src/shared/protocol';
import { freePortRun } from '../support/ports';
import {
  connectExtension,
  launchWithExtension,
  requireChromium,
  until,
  workerState,
  type TestBrowser,
} from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function logsOf(connector: Connector, prefix: string): string[] {
  return connector.services.store
    .query(['consoleLogs'], (entry: StoredConsoleLog) => entry.message.startsWith(prefix), 1_000_000)
    .entries.map((entry) => entry.message);
}

describe('browser extension: the outbox survives a service worker stop while the connector is down', function () {
  this.timeout(120_000);
  let browser: TestBrowser;
  let site: FixtureServer;
  let connector: Connector | undefined;
  let page: Page;
  const screenshotDir = mkdtempSync(join(tmpdir(), 'bd-outbox-'));

  before(async function () {
    const executable = requireChromium(this);
    site = await startFixtureServer();
    browser = await launchWithExtension(executable);
  });
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
  });

  /**
   * Stops our service worker as Chrome does when it is idle, through DevTools' ServiceWorker domain, and
   * waits until DevTools reports it stopped. (Playwright keeps the same Worker handle across the restart.)
   */
  async function stopServiceWorker(): Promise<void> {
    const session = await browser.context.newCDPSession(page);
    type Versions = { versions: { scriptURL: string; runningStatus: string }[] };
    const stopped = new Promise<void>((done) =>
      session.on('ServiceWorker.workerVersionUpdated', ({ versions }: Versions) => {
        if (
          versions.some(
            (version) => version.scriptURL.endsWith('/background.js') && version.runningStatus === 'stopped',
          )
        )
          done();
      }),
    );
    await session.send('ServiceWorker.enable');
    await session.send('ServiceWorker.stopAllWorkers');
    await stopped;
    await session.detach();
  }

  it('every capture queued while the connector was down arrives exactly once after the worker restarts', async () => {
    const port = await freePortRun(1);
    connector = await Connector.start({ port, screenshots: { dir: screenshotDir } });
    await connectExtension(browser.worker, port);
    page = await browser.context.newPage();
    await page.goto(`${site.origin}/blank.html`);
    await page.evaluate(() => console.log('outbox: connected'));
    await until(() => logsOf(connector!, 'outbox: connected').length === 1);

    await connector.stop();
    connector = undefined;
    const before = (await workerState(browser.worker)).captured;
    await page.evaluate(() => {
      for (let i = 0; i < 1200; i++) console.log(`outbox: while down ${i}`);
    });
    await until(
      async () => (await workerState(browser.worker)).captured >= before + 1200,
      15_000,
      'the worker has the 1200 logs',
    );
    // Chrome stops an idle worker 30 s after its last event; the save takes milliseconds. Stopping it
    // sooner than that, mid-write, is a crash, which no storage survives.
    await until(async () => (await workerState(browser.worker)).outboxSaved, 15_000, 'the outbox saved');
    await stopServiceWorker();

    // The page goes on logging: that wakes a new worker, which takes the stored outbox back.
    await page.evaluate(() => {
      for (let i = 0; i < 50; i++) console.log(`outbox: after the stop ${i}`);
    });
    const restarted = await workerState(browser.worker);
    assert.ok(restarted.captured < before + 1200, `a new worker, with its own memory (captured ${restarted.captured})`);
    // Open tabs got the content scripts when the extension started; a worker waking up again injects nothing.
    await until(async () => (await workerState(browser.worker)).ready, 15_000, 'the new worker started');
    assert.equal((await workerState(browser.worker)).openTabInjections, 0);

    connector = await Connector.start({ port, screenshots: { dir: screenshotDir } });
    await until(() => logsOf(connector!, 'outbox: after the stop ').length === 50, 30_000, 'the logs after the stop');
    await until(
      () => logsOf(connector!, 'outbox: while down ').length >= 1200,
      30_000,
      'the logs queued before the stop',
    );
    assert.deepEqual(
      logsOf(connector, 'outbox: while down '),
      Array.from({ length: 1200 }, (_, i) => `outbox: while down ${i}`),
      'each once, in order',
    );
    assert.deepEqual(
      logsOf(connector, 'outbox: after the stop '),
      Array.from({ length: 50 }, (_, i) => `outbox: after the stop ${i}`),
    );
    const messages = logsOf(connector, 'outbox: ');
    assert.ok(
      messages.indexOf('outbox: while down 1199') < messages.indexOf('outbox: after the stop 0'),
      'the stored ones first',
    );
    assert.equal((await workerState(browser.worker)).dropped, 0);
  });
});
