/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { Connector } from '../../src/connector/connector';
import type { StoredConsoleLog } from '../../src/shared/protocol';
import { get } from '../support/http';
import { freePortRun } from '../support/ports';
import { connectExtension, extensionRig, until, workerState, type TestBrowser } from './support/chromium';
import { inPageCode } from './support/inPageCode';
import type { CommandArgs } from '../../src/shared/browserCommands';

function logsOf(connector: Connector, prefix: string): StoredConsoleLog[] {
  return connector.services.store.query(['consoleLogs'], (entry) => entry.message.startsWith(prefix), 1_000_000)
    .entries;
}

/** Sends a message to the worker from an extension page, as the popup and DevTools page do. */
async function fromExtensionPage(browser: TestBrowser, message: unknown): Promise<unknown> {
  const extensionId = new URL(browser.worker.url()).host;
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const answer = await page.evaluate((m) => chrome.runtime.sendMessage(m), message);
  await page.close();
  return answer;
}

describe('browser extension: scope, tab lock, selection and delivery', function () {
  this.timeout(90_000);
  const rig = extensionRig();

  const command = <K extends 'run-script' | 'navigate' | 'tabs'>(name: K, args: CommandArgs<K>) =>
    rig.connector.connector.services.bridge.command(name, args, 20_000);

  it('neither captures nor commands a page outside the scope', async () => {
    const outside = await rig.browser.context.newPage();
    await outside.goto(`http://outofscope.test:${rig.site.port}/`);
    await outside.evaluate(() => console.log('outside scope log'));
    const inside = await rig.browser.context.newPage();
    await inside.goto(`${rig.site.origin}/blank.html`);
    await inside.evaluate(() => console.log('inside scope log'));
    await until(() => logsOf(rig.connector.connector, 'inside scope log').length === 1);
    assert.equal(logsOf(rig.connector.connector, 'outside scope log').length, 0);
    assert.equal(
      logsOf(rig.connector.connector, 'hello from app').length,
      0,
      'the outside page’s own logs are not captured either',
    );
    const { tabs } = await command('tabs', {});
    const outsideTab = tabs.find((tab) => tab.url.startsWith('http://outofscope.test'));
    assert.ok(outsideTab, 'the browser lists the outside tab');
    assert.equal(outsideTab.inScope, false);
    await assert.rejects(
      command('run-script', { code: 'document.cookie', tabId: outsideTab.id }),
      /outside Browser Debug's scope/,
    );
    await assert.rejects(command('navigate', { url: 'https://bank.example/' }), /outside Browser Debug's scope/);
    await Promise.all([outside.close(), inside.close()]);
  });

  it('locks capture and commands to a chosen tab', async () => {
    const locked = await rig.browser.context.newPage();
    await locked.goto(`${rig.site.origin}/blank.html?tab=locked`);
    const other = await rig.browser.context.newPage();
    await other.goto(`${rig.site.origin}/blank.html?tab=other`);
    const { tabs } = await command('tabs', {});
    const lockedId = tabs.find((tab) => tab.url.endsWith('tab=locked'))?.id;
    await fromExtensionPage(rig.browser, { kind: 'lock-tab', tabId: lockedId, locked: true });
    await other.bringToFront();
    await other.evaluate(() => console.log('lock: from other tab'));
    await locked.evaluate(() => console.log('lock: from locked tab'));
    await until(() => logsOf(rig.connector.connector, 'lock: from locked tab').length === 1);
    assert.equal(logsOf(rig.connector.connector, 'lock: from other tab').length, 0);
    assert.match(
      String((await command('run-script', { code: 'location.search' })).value),
      /tab=locked/,
      'commands go to the locked tab',
    );
    await fromExtensionPage(rig.browser, { kind: 'lock-tab', tabId: lockedId, locked: false });
    await Promise.all([locked.close(), other.close()]);
  });

  it('reports the DevTools selection with the spec’s element fields', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/`);
    // The expression DevTools evaluates on its selection (`$0`), made as the build makes it.
    const { describeSource } = await inPageCode();
    const element = await page.evaluate(
      (source) => (0, eval)(source),
      describeSource("document.querySelector('#box')"),
    );
    const { tabs } = await command('tabs', {});
    const tabId = tabs.find((tab) => tab.url === `${rig.site.origin}/`)?.id;
    await fromExtensionPage(rig.browser, { kind: 'selected-element', tabId, element });
    await until(async () => (await get(rig.connector.port, '/selected-element')).json.element !== null);
    const { json } = await get(rig.connector.port, '/selected-element');
    assert.equal(json.element.tagName, 'DIV');
    assert.equal(json.element.id, 'box');
    assert.deepEqual(json.element.dimensions, { width: 200, height: 100, top: 150, left: 40 });
    assert.equal(json.element.textContent, 'Box');
    assert.equal(json.element.attributes.id, 'box');
    assert.equal(json.element.selector, '#box');
    assert.equal(json.url, `${rig.site.origin}/`);
    await page.close();
  });

  it('delivers a burst of 10,000 logs with none lost and order kept', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/blank.html`);
    await page.evaluate(() => {
      for (let i = 0; i < 10_000; i++) console.log(`burst ${i}`);
    });
    await until(() => logsOf(rig.connector.connector, 'burst ').length === 10_000, 30_000, 'all 10,000 logs');
    const messages = logsOf(rig.connector.connector, 'burst ').map((entry) => entry.message);
    assert.deepEqual(
      messages,
      Array.from({ length: 10_000 }, (_, i) => `burst ${i}`),
    );
    assert.equal((await workerState(rig.browser.worker)).dropped, 0);
    await page.close();
  });

  it('loses nothing when the connector stops and restarts mid-stream', async () => {
    const port = await freePortRun(1);
    let first: Connector | undefined = await Connector.start({
      port,
      screenshots: { dir: rig.connector.screenshotDir },
    });
    await connectExtension(rig.browser.worker, port);
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/blank.html`);
    await page.evaluate(() => {
      let i = 0;
      const timer = setInterval(() => {
        console.log(`stream ${i++}`);
        if (i === 1500) clearInterval(timer);
      }, 2);
    });
    await until(() => logsOf(first!, 'stream ').length > 200);
    await first.stop();
    const beforeStop = logsOf(first, 'stream ').map((entry) => entry.message);
    first = undefined;
    await new Promise((r) => setTimeout(r, 500));
    const second = await Connector.start({ port, screenshots: { dir: rig.connector.screenshotDir } });
    try {
      await until(
        () => new Set([...beforeStop, ...logsOf(second, 'stream ').map((entry) => entry.message)]).size === 1500,
        30_000,
        'every streamed log',
      );
      const afterRestart = logsOf(second, 'stream ').map((entry) => entry.message);
      assert.equal(new Set(afterRestart).size, afterRestart.length, 'no duplicates in the new connector');
      const indexes = afterRestart.map((message) => Number(message.split(' ')[1]));
      assert.deepEqual(
        indexes,
        [...indexes].sort((a, b) => a - b),
        'order kept',
      );
      assert.ok(beforeStop.length < 1500 && afterRestart.length > 0, 'the restart really happened mid-stream');
    } finally {
      await page.close();
      await second.stop();
      await connectExtension(rig.browser.worker, rig.connector.port);
    }
  });
});
