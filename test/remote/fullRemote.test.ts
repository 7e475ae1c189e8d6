/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { until, workerState } from '../e2e/support/chromium';
import { readNetwork } from './support/edgeAccount';
import { remoteRig } from './support/remoteRig';

const ARTIFACTS = resolve(__dirname, '../../.test-artifacts');
/** The edge counts every read against the account's 100 requests a minute: poll it gently. */
const EDGE_POLL_MS = 500;

/**
 * Full remote mode end to end: real Chromium with the extension, configured through its options page,
 * streaming to `wrangler dev --local` (through a relay the test can cut) while a real connector waits
 * on loopback and must hear nothing. Commands over the tunnel: remoteCommands.test.ts.
 */
describe('browser extension: full remote mode (wrangler dev --local)', function () {
  this.timeout(60_000);
  const rig = remoteRig();
  const { probes, storedLocally, remote, edgeLogs, openOptions, saveRemote } = rig;
  let app: Page;

  it('refuses an edge URL that is not https (except on loopback) or not a URL, saying why', async () => {
    const page = await openOptions();
    assert.match(
      await page.locator('#sessionId').inputValue(),
      /^[0-9a-f-]{36}$/,
      'a session id is ready to share before remote mode is on',
    );
    await saveRemote(page, { enabled: true, url: 'http://edge.example.com', apiKey: rig.edge.apiKey });
    assert.match(String(await page.locator('#error').textContent()), /Use https:\/\/.*allowed only for localhost/);
    assert.equal(await page.locator('#url').getAttribute('class'), 'invalid');
    await saveRemote(page, { enabled: true, url: 'edge.example.com' });
    assert.match(String(await page.locator('#error').textContent()), /"edge\.example\.com" is not a URL/);
    const state = await workerState(rig.browser.worker);
    assert.equal(state.remote, undefined, 'nothing was saved');
    assert.equal(state.connection, 'connected');
    await page.close();
  });

  it('streams a console error and a failed fetch to the edge instead of the local connector', async () => {
    const page = await openOptions();
    rig.sessionId = await page.locator('#sessionId').inputValue();
    await saveRemote(page, { enabled: true, url: rig.network.url, apiKey: rig.edge.apiKey });
    assert.equal(await page.locator('#saved').textContent(), 'Saved: streaming to the edge.');
    assert.equal(
      await page.locator('#sessionId').inputValue(),
      rig.sessionId,
      'the session id shown beforehand is the one used',
    );
    // Online means the worker's POST /auth/token and tunnel went through although the edge sends no CORS headers.
    await until(async () => (await remote())?.state === 'online', 20_000, 'the tunnel opened');
    assert.equal((await fetch(`${rig.edge.url}/health`)).headers.get('access-control-allow-origin'), null);
    assert.match(String(await page.locator('#clientId').textContent()), /^browser-extension-/);
    await until(
      async () => (await page.locator('#state').textContent()) === 'online',
      5_000,
      'the options page showing online',
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/options-remote.png` });
    await until(
      () => !rig.connector.connector.services.bridge.connected,
      10_000,
      'the extension left the local connector',
    );
    assert.equal((await workerState(rig.browser.worker)).connection, 'off');
    await page.close();
    probes.length = 0;
    const localBefore = storedLocally();

    app = await rig.browser.context.newPage();
    await app.goto(`${rig.site.origin}/blank.html`);
    await app.evaluate(async () => {
      console.error('remote: boom', { code: 42 });
      await fetch('/api/missing');
    });
    await until(
      async () => (await edgeLogs()).some((log) => log.message.startsWith('remote: boom')),
      20_000,
      'the error on the edge',
      EDGE_POLL_MS,
    );
    const error = (await edgeLogs()).find((log) => log.message.startsWith('remote: boom'));
    assert.equal(error.level, 'error');
    assert.equal(error.url, `${rig.site.origin}/blank.html`);
    assert.equal(error.sessionId, rig.sessionId);
    const token = await rig.edge.readerToken();
    await until(
      async () =>
        (await readNetwork(rig.edge.url, token, rig.sessionId, 'failed=true')).some(
          (r) => r.url === `${rig.site.origin}/api/missing`,
        ),
      20_000,
      'the failed fetch on the edge',
      EDGE_POLL_MS,
    );
    const failed = (await readNetwork(rig.edge.url, token, rig.sessionId, 'failed=true')).find(
      (r) => r.url === `${rig.site.origin}/api/missing`,
    );
    assert.equal(failed.status, 404);

    assert.equal(storedLocally(), localBefore, 'the local connector stored nothing');
    assert.equal(rig.connector.connector.services.bridge.connected, false, 'nor did the extension come back to it');
    assert.deepEqual(probes, [], 'discovery stopped: no /.identity probe reached the connector');
    // A web page cannot read the edge (no CORS); the worker above could, through its host permission.
    const outside = await rig.browser.context.newPage();
    await outside.goto(`http://outofscope.test:${rig.site.port}/blank.html`);
    assert.equal(
      await outside.evaluate(
        (url) =>
          fetch(url).then(
            () => 'read',
            () => 'blocked',
          ),
        `${rig.edge.url}/health`,
      ),
      'blocked',
    );
    await outside.close();
  });

  it('shows the remote state, edge and session in the popup instead of the connector', async () => {
    const popup = await rig.browser.context.newPage();
    await popup.setViewportSize({ width: 320, height: 480 });
    await popup.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/popup.html`);
    await until(
      async () => (await popup.locator('#status').textContent()) === 'online',
      5_000,
      'the popup showing online',
    );
    assert.equal(await popup.locator('#target').textContent(), 'Edge');
    assert.equal(await popup.locator('#port').textContent(), rig.network.url);
    assert.equal(await popup.locator('#session').textContent(), rig.sessionId);
    assert.equal(await popup.locator('#shot').isVisible(), false, 'screenshots are the remote reader’s to take');
    await popup.screenshot({ path: `${ARTIFACTS}/popup-remote.png` });
    await popup.close();
  });

  it('keeps captures made while the edge is unreachable, never falls back to the connector, and delivers them once it is back', async () => {
    await rig.network.cut();
    await until(async () => (await remote())?.state !== 'online', 15_000, 'the link noticed the cut');
    await app.evaluate(() => {
      for (let i = 0; i < 50; i++) console.log(`remote: offline ${i}`);
    });
    await until(async () => ((await remote())?.queued ?? 0) >= 50, 10_000, 'captures queued in the worker');
    assert.equal(rig.connector.connector.services.bridge.connected, false);
    await rig.network.restore();
    const expected = Array.from({ length: 50 }, (_, i) => `remote: offline ${i}`);
    await until(
      async () => (await edgeLogs()).filter((log) => log.message.startsWith('remote: offline')).length === 50,
      45_000,
      'the queued captures on the edge',
      1_000,
    );
    assert.deepEqual(
      (await edgeLogs()).map((log) => log.message).filter((message) => message.startsWith('remote: offline')),
      expected,
      'all of them, in order, once',
    );
    await until(async () => (await remote())?.queued === 0, 10_000, 'the queue drained');
    assert.deepEqual(probes, []);
  });

  it('comes back in remote mode, on the same session, after Chrome stops its service worker', async () => {
    await rig.browser.worker.evaluate(() => Object.assign(globalThis, { beforeRestart: true }));
    const cdp = await rig.browser.context.newCDPSession(app);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    // The page's next capture wakes the worker, as it would after Chrome suspended it.
    await app.evaluate(() => console.log('remote: after restart'));
    await until(
      async () => (await edgeLogs()).some((log) => log.message === 'remote: after restart'),
      30_000,
      'the capture on the edge',
      EDGE_POLL_MS,
    );
    assert.equal(
      await rig.browser.worker.evaluate(() => 'beforeRestart' in globalThis),
      false,
      'the worker really restarted',
    );
    const state = await workerState(rig.browser.worker);
    assert.equal(state.remote?.sessionId, rig.sessionId);
    assert.equal(state.connection, 'off');
    assert.equal(rig.connector.connector.services.bridge.connected, false);
    assert.deepEqual(probes, []);
  });

  it('goes back to the local connector when remote mode is turned off', async () => {
    const page = await openOptions();
    await saveRemote(page, { enabled: false });
    assert.equal(await page.locator('#saved').textContent(), 'Saved: remote mode is off.');
    await page.close();
    await until(
      async () => (await workerState(rig.browser.worker)).connection === 'connected',
      15_000,
      'connected to the local connector again',
    );
    assert.equal((await workerState(rig.browser.worker)).remote, undefined);
    await app.evaluate(() => console.log('local again'));
    const local = () =>
      rig.connector.connector.services.store.query(['consoleLogs'], (entry) => entry.message === 'local again', 10)
        .entries;
    await until(() => local().length === 1, 10_000, 'the log at the connector');
    assert.equal(
      (await edgeLogs()).some((log) => log.message === 'local again'),
      false,
      'and not on the edge',
    );
  });

  it('starts a new key pair and session when the API key changes, since both may belong to another account', async () => {
    const page = await openOptions();
    const before = String(await page.locator('#clientId').textContent());
    assert.match(before, /^browser-extension-/);
    await saveRemote(page, { enabled: true, apiKey: 'bdk_of-another-account' });
    assert.equal(await page.locator('#saved').textContent(), 'Saved: streaming to the edge.');
    assert.notEqual(await page.locator('#sessionId').inputValue(), rig.sessionId);
    const after = String(await page.locator('#clientId').textContent());
    assert.match(after, /^browser-extension-/);
    assert.notEqual(after, before, 'a new key pair');
    await until(async () => (await remote())?.state === 'unauthorized', 15_000, 'the edge refusing the other key');
    await saveRemote(page, { enabled: false });
    await page.close();
  });
});
