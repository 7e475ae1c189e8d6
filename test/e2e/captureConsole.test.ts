import assert from 'node:assert/strict';
import { startTestConnector, type TestConnector } from '../support/connector';
import { get } from '../support/http';
import { connectExtension, launchWithExtension, requireChromium, until, workerState, type TestBrowser } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

describe('browser extension: console and errors', function () {
  this.timeout(60_000);
  let browser: TestBrowser;
  let connector: TestConnector;
  let site: FixtureServer;

  before(async function () {
    const chromium = requireChromium(this);
    [connector, site] = await Promise.all([startTestConnector(), startFixtureServer()]);
    browser = await launchWithExtension(chromium);
    await connectExtension(browser.worker, connector.port);
  });
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
  });

  const logs = async (query = '') => (await get(connector.port, `/console-logs?limit=1000${query}`)).json.logs as Record<string, any>[];

  it('captures every console level with message, source file:line:column, stack, tab and page load', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/`);
    await until(async () => (await logs()).some((log) => log.message === 'traced' || String(log.message).startsWith('console.trace')));
    const all = await logs();
    const hello = all.find((log) => String(log.message).startsWith('hello from app'))!;
    assert.equal(hello.level, 'log');
    assert.equal(hello.message, 'hello from app {answer: 42}');
    assert.equal(hello.source, `${site.origin}/app.js:3:11`);
    assert.equal(hello.frames[0].line, 3);
    assert.equal(hello.frames[0].functionName, 'greet');
    assert.equal(hello.frames[1].line, 5);
    assert.ok(Array.isArray(hello.stack) && hello.stack[0].includes('app.js:3:11'));
    assert.equal(hello.url, `${site.origin}/`);
    assert.equal(typeof hello.tabId, 'number');
    assert.equal(typeof hello.pageLoadId, 'string');
    assert.notEqual(hello.pageLoadId, 'unknown');
    const byMessage = (text: string) => all.find((log) => String(log.message).includes(text));
    assert.equal(byMessage('info line')!.level, 'info');
    assert.equal(byMessage('warn line')!.level, 'warn');
    assert.equal(byMessage('error line')!.level, 'error');
    assert.equal(byMessage('debug line')!.level, 'debug');
    assert.equal(byMessage('Assertion failed: math is broken')!.level, 'error');
    assert.match(byMessage('console.table')!.message, /a \| b/);
    assert.equal(byMessage('console.trace: traced')!.source, `${site.origin}/app.js:12:9`);
    assert.equal((await workerState(browser.worker)).debugger.attaches, 0, 'default capture never attaches the debugger');
    await page.close();
  });
});
