/// <reference types="chrome" />
import assert from 'node:assert/strict';
import type { Page, Worker } from 'playwright-core';
import { ATTACHED_NOTE } from '../../browser-extension/src/common/hookMarks';
import type { StoredConsoleLog } from '../../src/shared/protocol';
import { startTestConnector, type TestConnector } from '../support/connector';
import { launchWithoutExtension, type CdpBrowser } from './support/cdpBrowser';
import { connectExtension, EXTENSION_DIR, requireChromium, until } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

describe('browser extension: tabs that were open before it started', function () {
  this.timeout(120_000);
  let chromium: CdpBrowser;
  let connector: TestConnector;
  let site: FixtureServer;
  let worker: Worker;
  let page: Page;

  const logs = (predicate: (entry: StoredConsoleLog) => boolean) =>
    connector.connector.services.store.query(['consoleLogs'], predicate, 1_000_000).entries;
  const notes = (url: string) => logs((entry) => entry.message === ATTACHED_NOTE && entry.url === url);
  const settings = (values: Record<string, unknown>) =>
    worker.evaluate(
      (next) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, ...next },
        }),
      values,
    );

  /** Logs from the page until one arrives: no assumption about when the hook got there. */
  async function logUntilCaptured(target: Page, prefix: string): Promise<StoredConsoleLog> {
    let tick = 0;
    await until(
      async () => {
        await target.evaluate((text) => console.log(text), `${prefix} ${++tick}`);
        return logs((entry) => entry.message.startsWith(prefix)).length > 0;
      },
      30_000,
      `a log from ${target.url()}`,
      100,
    );
    return logs((entry) => entry.message.startsWith(prefix))[0]!;
  }

  before(async function () {
    const executable = requireChromium(this);
    [connector, site] = await Promise.all([startTestConnector(), startFixtureServer()]);
    chromium = await launchWithoutExtension(executable);
    // The developer's app is open and has logged before the extension exists.
    page = await chromium.context.newPage();
    await page.goto(`${site.origin}/blank.html?open=before`);
    await page.evaluate(() => console.log('open tab: logged before install'));
    ({ worker } = await chromium.loadExtension(EXTENSION_DIR));
    await connectExtension(worker, connector.port);
  });
  after(async () => {
    await chromium?.close();
    await Promise.all([connector?.stop(), site?.close()]);
  });

  it('captures a tab open before the extension was installed, and says once that earlier output is gone', async () => {
    const first = await logUntilCaptured(page, 'open tab: after install');
    const said = notes(page.url());
    assert.equal(said.length, 1, 'the note, once');
    assert.equal(said[0]!.level, 'info');
    assert.ok(said[0]!.seq < first.seq, 'the note comes before what the page logs next');
    assert.equal(said[0]!.tabId, first.tabId);
    assert.equal(
      logs((entry) => entry.message === 'open tab: logged before install').length,
      0,
      'what was logged before is not invented',
    );
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('open tab: rejected later'))));
    await until(
      () =>
        connector.connector.services.store.query(
          ['consoleErrors'],
          (entry) => entry.message.includes('open tab: rejected later'),
          10,
        ).entries.length === 1,
    );
  });

  it('injecting again (a settings change, a worker restart) neither repeats the note nor doubles each log', async () => {
    await settings({ port: connector.port, captureBodies: true });
    await until(
      () =>
        page.evaluate(() =>
          Boolean((window as unknown as Record<symbol, unknown>)[Symbol.for('browser-debug.body-hook')]),
        ),
      15_000,
      'the body hook in the open tab',
    );
    await page.evaluate(() => console.log('open tab: exactly once'));
    await until(() => logs((entry) => entry.message === 'open tab: exactly once').length > 0);
    await page.evaluate(() => console.log('open tab: a later log'));
    await until(() => logs((entry) => entry.message === 'open tab: a later log').length > 0);
    assert.equal(logs((entry) => entry.message === 'open tab: exactly once').length, 1);
    assert.equal(notes(page.url()).length, 1);
  });

  it('captures a tab that comes into scope when the user adds its origin', async () => {
    const outside = await chromium.context.newPage();
    await outside.goto(`http://outofscope.test:${site.port}/blank.html?open=outside`);
    await outside.evaluate(() => console.log('widened: before the origin was added'));
    await settings({ port: connector.port, extraOrigins: [`http://outofscope.test:${site.port}`] });
    const first = await logUntilCaptured(outside, 'widened: after');
    assert.equal(notes(outside.url()).length, 1);
    assert.ok(notes(outside.url())[0]!.seq < first.seq);
    assert.equal(logs((entry) => entry.message.startsWith('widened: before')).length, 0);
    await outside.close();
  });

  it('a page loaded after that is hooked from its start, with no note', async () => {
    const fresh = await chromium.context.newPage();
    await fresh.goto(`${site.origin}/blank.html?open=after`);
    await fresh.evaluate(() => console.log('fresh page log'));
    await until(() => logs((entry) => entry.message === 'fresh page log').length === 1);
    assert.equal(notes(fresh.url()).length, 0);
    await fresh.close();
  });
});
