import assert from 'node:assert/strict';
import { get } from '../support/http';
import { extensionRig, until, workerState } from './support/chromium';

describe('browser extension: console and errors', function () {
  this.timeout(60_000);
  const rig = extensionRig();

  const logs = async (query = '') =>
    (await get(rig.connector.port, `/console-logs?limit=1000${query}`)).json.logs as Record<string, any>[];

  it('captures every console level with message, source file:line:column, stack, tab and page load', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/`);
    await until(async () =>
      (await logs()).some((log) => log.message === 'traced' || String(log.message).startsWith('console.trace')),
    );
    const all = await logs();
    const hello = all.find((log) => String(log.message).startsWith('hello from app'))!;
    assert.equal(hello.level, 'log');
    assert.equal(hello.message, 'hello from app {answer: 42}');
    assert.equal(hello.source, `${rig.site.origin}/app.js:3:11`);
    assert.equal(hello.frames[0].line, 3);
    assert.equal(hello.frames[0].functionName, 'greet');
    assert.equal(hello.frames[1].line, 5);
    assert.ok(Array.isArray(hello.stack) && hello.stack[0].includes('app.js:3:11'));
    assert.equal(hello.url, `${rig.site.origin}/`);
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
    assert.equal(byMessage('console.trace: traced')!.source, `${rig.site.origin}/app.js:12:9`);
    assert.equal(
      (await workerState(rig.browser.worker)).debugger.attaches,
      0,
      'default capture never attaches the debugger',
    );
    await page.close();
  });

  it('keeps 3 page frames for a plain log and more for an error, every line of a loop in order, none of ours', async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`${rig.site.origin}/deep.html`);
    await until(async () => (await logs()).some((log) => log.message === 'done'));
    const all = (await logs()).filter((log) => String(log.url).endsWith('/deep.html'));
    const deepLog = all.find((log) => log.message === 'deep log')!;
    assert.equal(deepLog.source, `${rig.site.origin}/deep.js:4:24`);
    assert.equal(deepLog.frames.length, 3);
    const deepError = all.find((log) => log.message === 'deep error')!;
    assert.equal(deepError.source, `${rig.site.origin}/deep.js:5:24`);
    assert.ok(deepError.frames.length > 10, `${deepError.frames.length} frames`);
    for (const log of [deepLog, deepError])
      assert.ok(log.frames.every((frame: { url: string }) => frame.url.endsWith('/deep.js')));
    const loop = all.filter((log) => String(log.message).startsWith('loop '));
    assert.deepEqual(
      loop.map((log) => log.message),
      Array.from({ length: 300 }, (_, i) => `loop ${i}`),
    );
    assert.ok(loop.every((log) => log.source === `${rig.site.origin}/deep.js:6:39`));
    assert.ok(all.some((log) => log.message === 'after a hostile prepareStackTrace'));
    await page.close();
  });
});
