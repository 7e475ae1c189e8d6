import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startTestConnector, type TestConnector } from '../support/connector';
import { post } from '../support/http';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from './support/chromium';

/** Names a rough accessible-name guess gets wrong; Chrome's accessibility tree (and replay) reads the W3C ones. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Tricky labels</title></head><body>
<span id="verb">Remove <span hidden>secret</span> item</span><span id="what">42</span>
<button id="chain" aria-labelledby="verb what" onclick="hit('chain')">×</button>
<input type="image" id="icon" alt="Trash" width="20" height="20" onclick="hit('icon')" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<label for="qty">Quantity <span style="display:none">(hidden hint)</span></label><input id="qty" onchange="hit('qty:' + this.value)">
<script>window.hits = []; function hit(what) { window.hits.push(what); }</script>
</body></html>`;

/** The recorded selectors, CSS and text alternatives dropped: the replay must find each element by its name. */
function ariaOnly(flow: { steps: Record<string, unknown>[] }) {
  return {
    ...flow,
    steps: flow.steps.map((step) =>
      Array.isArray(step.selectors)
        ? { ...step, selectors: (step.selectors as string[][]).filter(([first]) => first!.startsWith('aria/')) }
        : step,
    ),
  };
}

describe('recordings: accessible names on tricky labels (dom-accessibility-api), replayed by name', function () {
  this.timeout(120_000);
  let connector: TestConnector;
  let browser: TestBrowser;
  let site: Server;
  let page: Page;
  let origin = '';
  let dir = '';

  before(async function () {
    const executable = requireChromium(this);
    dir = mkdtempSync(join(tmpdir(), 'bd-labels-'));
    site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    connector = await startTestConnector({ recordings: { dir } });
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port);
    page = await browser.context.newPage();
  });

  after(async () => {
    await browser?.close();
    await connector?.stop();
    await new Promise((resolve) => site?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('records aria/ selectors with the names Chrome computes, and a replay by those names alone acts on the same elements', async () => {
    await page.goto(`${origin}/labels.html`);
    const started = await post(connector.port, '/recordings', { title: 'tricky labels' });
    assert.equal(started.status, 200, JSON.stringify(started.json));
    await page.waitForFunction(() => Boolean(document.getElementById('__browser-debug-recording-badge')));
    await page.click('#chain');
    await page.click('#icon');
    await page.fill('#qty', '3');
    await page.keyboard.press('Tab');
    const stopped = await post(connector.port, `/recordings/${started.json.id}/stop`, {});
    assert.equal(stopped.status, 200, JSON.stringify(stopped.json));
    const selectors = JSON.stringify(stopped.json.flow.steps.map((step: { selectors?: unknown }) => step.selectors));
    for (const name of ['aria/Remove item 42', 'aria/Trash', 'aria/Quantity'])
      assert.ok(selectors.includes(`"${name}"`), `${name} in ${selectors}`);
    assert.ok(!selectors.includes('secret') && !selectors.includes('hidden hint'), 'hidden text is not in a name');

    await page.reload();
    const imported = await post(connector.port, '/recordings/import', { flow: ariaOnly(stopped.json.flow) });
    assert.equal(imported.status, 200, JSON.stringify(imported.json));
    const replayed = await post(connector.port, `/recordings/${imported.json.id}/replay`, {});
    assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
    assert.notEqual(replayed.json.verdict, 'diverged', replayed.json.summary);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { hits: string[] }).hits), [
      'chain',
      'icon',
      'qty:3',
    ]);
  });
});
