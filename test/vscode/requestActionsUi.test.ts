import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import type { NetworkMock } from '../../src/shared/networkMocks';
import { connectExtension } from '../e2e/support/chromium';
import { callerHeaders } from '../support/callerSecret';
import { until } from '../support/until';
import { contextMenuItem, expandView, openSideBar, runCommand, startUiRig, type UiRig } from './support/uiRig';

const PAGE = `<!doctype html>
<html><head><title>Actions fixture</title></head>
<body><h1>Actions fixture</h1>
<script>
  window.loadedAt = Math.random();
  fetch('/orders.json?page=2', { method: 'POST', headers: { 'content-type': 'application/json', 'x-shop': 'tea' }, body: '{"item":"it\\'s tea"}' });
</script></body></html>
`;

describe('VS Code UI: request and page actions (Copy as cURL, Copy URL, Open in Browser, Mock, Reload, Open URL)', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let page: Page;

  before(async function () {
    rig = await startUiRig(this, { connect: false });
    // Bodies are captured (and so copied and prefilled) when the user opted in, in the extension's popup.
    await connectExtension(rig.app.worker, rig.port, { captureBodies: true });
    workbench = rig.workbench;
    writeFileSync(join(rig.folder, 'actions.html'), PAGE);
    writeFileSync(join(rig.folder, 'other.html'), '<!doctype html><title>Other page</title><h1>Other</h1>');
    writeFileSync(join(rig.folder, 'orders.json'), '{"orders":[1,2]}');
    page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/actions.html`);
  });

  after(async () => {
    await rig?.stop();
  });

  const clipboard = () => workbench.evaluate(() => navigator.clipboard.readText());
  const requestRow = (): Locator =>
    workbench
      .locator('.pane', { has: workbench.locator('.pane-header', { hasText: 'Network' }) })
      .locator('.monaco-list-row', { hasText: '/orders.json' })
      .first();

  async function networkRow(): Promise<Locator> {
    await openSideBar(workbench);
    await expandView(workbench, 'Network');
    await requestRow().waitFor({ timeout: 30_000 });
    return requestRow();
  }

  it('Copy as cURL gives a command that curl runs against the fixture (method, headers, body kept)', async () => {
    await workbench.evaluate(() => navigator.clipboard.writeText('before'));
    await contextMenuItem(workbench, await networkRow(), 'Copy as cURL');
    await until(async () => (await clipboard()).startsWith('curl'), 20_000, 'the cURL command on the clipboard');
    const command = await clipboard();
    assert.match(command, /--request POST/);
    assert.match(command, new RegExp(`--url '${rig.origin}/orders\\.json\\?page=2'`));
    assert.match(command, /--header 'x-shop: tea'/);
    assert.match(command, /--data '\{"item":"it'\\''s tea"\}'/, `the body, its quote shell-quoted, in: ${command}`);
    // Async: the fixture server answers from this process while curl runs.
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} --silent --show-error`]);
    assert.equal(stdout, '{"orders":[1,2]}');
  });

  it('Copy URL puts the request’s URL on the clipboard', async () => {
    await contextMenuItem(workbench, await networkRow(), 'Copy URL');
    await until(async () => (await clipboard()).startsWith('http'), 20_000, 'the URL on the clipboard');
    assert.equal(await clipboard(), `${rig.origin}/orders.json?page=2`);
  });

  it('Open in Browser opens the request’s URL in a browser tab', async () => {
    const opened = workbench.context().waitForEvent('page', { timeout: 30_000 });
    await contextMenuItem(workbench, await networkRow(), 'Open in Browser');
    const tab = await opened;
    await until(() => /\/orders\.json\?page=2$/.test(tab.url()), 20_000, `the opened tab's URL (${tab.url()})`);
    await tab.close();
  });

  it('Mock This Request… sets a prefilled rule, and the page gets the mocked answer', async () => {
    await contextMenuItem(workbench, await networkRow(), 'Mock This Request…');
    const input = workbench.locator('.quick-input-widget input');
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'Respond' }).first().click();
    await until(async () => (await input.inputValue()) === `${rig.origin}/orders.json*`, 20_000, 'the URL glob');
    await workbench.keyboard.press('Enter');
    await until(async () => (await input.inputValue()) === '200', 20_000, 'the captured status, prefilled');
    await input.fill('503');
    await workbench.keyboard.press('Enter');
    await until(async () => (await input.inputValue()) === '{"orders":[1,2]}', 20_000, 'the captured body, prefilled');
    await input.fill('{"down":true}');
    await workbench.keyboard.press('Enter');
    let mocks: NetworkMock[] = [];
    await until(
      async () => {
        const response = await fetch(`http://127.0.0.1:${rig.port}/network-mocks`, { headers: callerHeaders() });
        mocks = ((await response.json()) as { mocks: NetworkMock[] }).mocks;
        return mocks.length === 1;
      },
      20_000,
      'the mock in force',
    );
    assert.deepEqual(
      { url: mocks[0]!.url, method: mocks[0]!.method, action: mocks[0]!.action, status: mocks[0]!.status },
      { url: `${rig.origin}/orders.json*`, method: 'POST', action: 'respond', status: 503 },
    );
    const seen = await page.evaluate(async () => {
      const response = await fetch('/orders.json?page=3', { method: 'POST', body: '{}' });
      return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
    });
    assert.deepEqual(seen, { status: 503, body: '{"down":true}', type: 'application/json' });
  });

  it('Reload Page reloads the connected tab; Open URL… loads an address there', async () => {
    const before = await page.evaluate(() => (window as unknown as { loadedAt: number }).loadedAt);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await runCommand(workbench, 'Browser Debug: Reload Page');
    await reloaded;
    const after = await page.evaluate(() => (window as unknown as { loadedAt: number }).loadedAt);
    assert.notEqual(after, before, 'a new document');

    await runCommand(workbench, 'Browser Debug: Open URL');
    const input = workbench.locator('.quick-input-widget input');
    await until(async () => (await input.inputValue()).startsWith('http'), 20_000, 'the current page, prefilled');
    await input.fill(`${rig.origin.replace('http://', '')}/other.html`);
    await workbench.keyboard.press('Enter');
    await page.waitForURL(`${rig.origin}/other.html`, { timeout: 30_000 });
    assert.equal(await page.title(), 'Other page');
  });
});
