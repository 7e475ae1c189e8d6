/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { BUFFER_KINDS } from '../../src/connector/storeBuffers';
import { startTestConnector, type TestConnector } from '../support/connector';
import { decodePng } from '../support/png';
import { TestSocket } from '../support/wsClient';
import {
  connectExtension,
  launchWithExtension,
  requireChromium,
  until,
  workerState,
  type TestBrowser,
} from '../e2e/support/chromium';
import { startFixtureServer, type FixtureServer } from '../e2e/support/fixtureServer';
import { cuttableLink, type CuttableLink } from './support/cuttableLink';
import { readConsole, readNetwork, startTestEdge, type TestEdge } from './support/edgeAccount';

const ARTIFACTS = resolve(__dirname, '../../.test-artifacts');
/** The edge counts every read against the account's 100 requests a minute: poll it gently. */
const EDGE_POLL_MS = 500;

/**
 * Full remote mode end to end: real Chromium with the extension, configured through its options page,
 * streaming to `wrangler dev --local` (through a relay the test can cut) while a real connector waits
 * on loopback and must hear nothing; a remote reader reads with a token and commands over the tunnel.
 */
describe('browser extension: full remote mode (wrangler dev --local)', function () {
  this.timeout(60_000);
  let edge: TestEdge;
  let network: CuttableLink;
  let connector: TestConnector;
  let site: FixtureServer;
  let browser: TestBrowser;
  let app: Page;
  let sessionId: string;
  /** Discovery probes (`/.identity`) that reached the local connector. */
  const probes: string[] = [];
  const onRequest = (message: unknown) => {
    const { request, server } = message as { request: IncomingMessage; server: Server };
    if (request.url === '/.identity' && (server.address() as { port: number } | null)?.port === connector?.port)
      probes.push(new Date().toISOString());
  };

  const storedLocally = () =>
    connector.connector.services.store.query([...BUFFER_KINDS], () => true, 1_000_000).entries.length;
  const remote = async () => (await workerState(browser.worker)).remote;
  const edgeLogs = async () => readConsole(edge.url, await edge.readerToken(), sessionId);

  before(async function () {
    this.timeout(150_000);
    const executable = requireChromium(this);
    [edge, connector, site] = await Promise.all([startTestEdge(), startTestConnector(), startFixtureServer()]);
    network = await cuttableLink(edge.url);
    browser = await launchWithExtension(executable);
    await connectExtension(browser.worker, connector.port);
    subscribe('http.server.request.start', onRequest);
  });

  after(async () => {
    unsubscribe('http.server.request.start', onRequest);
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close(), network?.close()]);
    await edge?.stop();
  });

  async function openOptions(): Promise<Page> {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${new URL(browser.worker.url()).host}/options.html`);
    await until(
      async () => (await page.locator('#sessionId').inputValue()) !== '',
      5_000,
      'the options page filled in',
    );
    return page;
  }

  /** What a user does: fill the form, tick or untick the switch, press Save. */
  async function saveRemote(page: Page, fields: { enabled: boolean; url?: string; apiKey?: string }): Promise<void> {
    if (fields.url !== undefined) await page.locator('#url').fill(fields.url);
    if (fields.apiKey !== undefined) await page.locator('#apiKey').fill(fields.apiKey);
    await page.locator('#enabled').setChecked(fields.enabled);
    await page.locator('#save').click();
    await until(
      async () => (await page.locator('#error').isVisible()) || (await page.locator('#saved').textContent()) !== '',
      10_000,
      'an answer to Save',
    );
  }

  it('refuses an edge URL that is not https (except on loopback) or not a URL, saying why', async () => {
    const page = await openOptions();
    assert.match(
      await page.locator('#sessionId').inputValue(),
      /^[0-9a-f-]{36}$/,
      'a session id is ready to share before remote mode is on',
    );
    await saveRemote(page, { enabled: true, url: 'http://edge.example.com', apiKey: edge.apiKey });
    assert.match(String(await page.locator('#error').textContent()), /Use https:\/\/.*allowed only for localhost/);
    assert.equal(await page.locator('#url').getAttribute('class'), 'invalid');
    await saveRemote(page, { enabled: true, url: 'edge.example.com' });
    assert.match(String(await page.locator('#error').textContent()), /"edge\.example\.com" is not a URL/);
    const state = await workerState(browser.worker);
    assert.equal(state.remote, undefined, 'nothing was saved');
    assert.equal(state.connection, 'connected');
    await page.close();
  });

  it('streams a console error and a failed fetch to the edge instead of the local connector', async () => {
    const page = await openOptions();
    sessionId = await page.locator('#sessionId').inputValue();
    await saveRemote(page, { enabled: true, url: network.url, apiKey: edge.apiKey });
    assert.equal(await page.locator('#saved').textContent(), 'Saved: streaming to the edge.');
    assert.equal(
      await page.locator('#sessionId').inputValue(),
      sessionId,
      'the session id shown beforehand is the one used',
    );
    // Online means the worker's POST /auth/token and tunnel went through although the edge sends no CORS headers.
    await until(async () => (await remote())?.state === 'online', 20_000, 'the tunnel opened');
    assert.equal((await fetch(`${edge.url}/health`)).headers.get('access-control-allow-origin'), null);
    assert.match(String(await page.locator('#clientId').textContent()), /^browser-extension-/);
    await until(
      async () => (await page.locator('#state').textContent()) === 'online',
      5_000,
      'the options page showing online',
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/options-remote.png` });
    await until(() => !connector.connector.services.bridge.connected, 10_000, 'the extension left the local connector');
    assert.equal((await workerState(browser.worker)).connection, 'off');
    await page.close();
    probes.length = 0;
    const localBefore = storedLocally();

    app = await browser.context.newPage();
    await app.goto(`${site.origin}/blank.html`);
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
    assert.equal(error.url, `${site.origin}/blank.html`);
    assert.equal(error.sessionId, sessionId);
    const token = await edge.readerToken();
    await until(
      async () =>
        (await readNetwork(edge.url, token, sessionId, 'failed=true')).some(
          (r) => r.url === `${site.origin}/api/missing`,
        ),
      20_000,
      'the failed fetch on the edge',
      EDGE_POLL_MS,
    );
    const failed = (await readNetwork(edge.url, token, sessionId, 'failed=true')).find(
      (r) => r.url === `${site.origin}/api/missing`,
    );
    assert.equal(failed.status, 404);

    assert.equal(storedLocally(), localBefore, 'the local connector stored nothing');
    assert.equal(connector.connector.services.bridge.connected, false, 'nor did the extension come back to it');
    assert.deepEqual(probes, [], 'discovery stopped: no /.identity probe reached the connector');
    // A web page cannot read the edge (no CORS); the worker above could, through its host permission.
    const outside = await browser.context.newPage();
    await outside.goto(`http://outofscope.test:${site.port}/blank.html`);
    assert.equal(
      await outside.evaluate(
        (url) =>
          fetch(url).then(
            () => 'read',
            () => 'blocked',
          ),
        `${edge.url}/health`,
      ),
      'blocked',
    );
    await outside.close();
  });

  it('shows the remote state, edge and session in the popup instead of the connector', async () => {
    const popup = await browser.context.newPage();
    await popup.setViewportSize({ width: 320, height: 480 });
    await popup.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
    await until(
      async () => (await popup.locator('#status').textContent()) === 'online',
      5_000,
      'the popup showing online',
    );
    assert.equal(await popup.locator('#target').textContent(), 'Edge');
    assert.equal(await popup.locator('#port').textContent(), network.url);
    assert.equal(await popup.locator('#session').textContent(), sessionId);
    assert.equal(await popup.locator('#shot').isVisible(), false, 'screenshots are the remote reader’s to take');
    await popup.screenshot({ path: `${ARTIFACTS}/popup-remote.png` });
    await popup.close();
  });

  it('answers commands from a remote tunnel client with the same code as local ones: a screenshot that decodes', async () => {
    await app.bringToFront();
    const client = await TestSocket.open(`${edge.url.replace('http', 'ws')}/tunnel/${sessionId}?role=client`, {
      Authorization: `Bearer ${await edge.readerToken()}`,
    });
    await client.ofType('connection-established');
    client.send({ type: 'command', id: 'shot-1', name: 'screenshot', args: { fullPage: false } });
    const shot = await client.next((frame) => frame.type === 'reply' && frame.id === 'shot-1', 20_000);
    const data = String((shot.result as { data: string }).data);
    assert.match(data, /^data:image\/png;base64,/);
    const image = decodePng(Buffer.from(data.split(',')[1]!, 'base64'));
    assert.ok(image.width >= 800 && image.height >= 400, `${image.width}×${image.height}`);
    assert.deepEqual(image.pixel(5, 5), [255, 255, 255], 'the blank page’s white background');
    client.send({ type: 'command', id: 'url-1', name: 'current-url', args: {} });
    const current = await client.next((frame) => frame.type === 'reply' && frame.id === 'url-1', 10_000);
    assert.equal((current.result as { url: string }).url, `${site.origin}/blank.html`);
    client.send({ type: 'command', id: 'bad-1', name: 'reboot', args: {} });
    const unknown = await client.next((frame) => frame.type === 'reply' && frame.id === 'bad-1', 10_000);
    assert.equal((unknown.error as { code: string }).code, 'INVALID_PARAMETER');
    assert.match((unknown.error as { message: string }).message, /Unknown command 'reboot'/);
    await client.close();
  });

  it('keeps remote commands to shared pages: other tabs are neither listed, captured nor scripted', async () => {
    const other = await browser.context.newPage();
    await other.goto(`http://outofscope.test:${site.port}/blank.html`);
    await other.bringToFront();
    const client = await TestSocket.open(`${edge.url.replace('http', 'ws')}/tunnel/${sessionId}?role=client`, {
      Authorization: `Bearer ${await edge.readerToken()}`,
    });
    await client.ofType('connection-established');
    const ask = async (id: string, name: string, args: Record<string, unknown> = {}) => {
      client.send({ type: 'command', id, name, args });
      return client.next((frame) => frame.type === 'reply' && frame.id === id, 10_000);
    };
    // The extension's own scope check answers first here (OUT_OF_SCOPE); the remote guard would (FORBIDDEN).
    const shot = await ask('shot-other', 'screenshot');
    assert.ok(
      ['OUT_OF_SCOPE', 'FORBIDDEN'].includes((shot.error as { code: string }).code),
      JSON.stringify(shot.error),
    );
    assert.match((shot.error as { message: string }).message, /outofscope\.test/);
    const tabs = ((await ask('tabs-1', 'tabs')).result as { tabs: { url: string }[] }).tabs.map((tab) => tab.url);
    assert.ok(tabs.includes(`${site.origin}/blank.html`), tabs.join(', '));
    assert.ok(!tabs.some((url) => url.includes('outofscope.test')), `an unshared tab was listed: ${tabs.join(', ')}`);
    const script = await ask('script-1', 'run-script', { script: 'document.title' });
    assert.equal((script.error as { code: string }).code, 'FORBIDDEN', 'run-script is opt-in');

    // "All sites" widens what is captured locally, never what remote clients may reach.
    const settingsNow = (await browser.worker.evaluate(() => chrome.storage.local.get('settings'))) as {
      settings: Record<string, unknown>;
    };
    await browser.worker.evaluate(
      (settings) => chrome.storage.local.set({ settings: { ...settings, allSites: true } }),
      settingsNow.settings,
    );
    try {
      const wide = await ask('shot-wide', 'screenshot');
      assert.equal((wide.error as { code: string }).code, 'FORBIDDEN', JSON.stringify(wide.error));
      assert.match((wide.error as { message: string }).message, /outofscope\.test.*not shared/);
      const wideTabs = ((await ask('tabs-2', 'tabs')).result as { tabs: { url: string }[] }).tabs.map((tab) => tab.url);
      assert.ok(!wideTabs.some((url) => url.includes('outofscope.test')), wideTabs.join(', '));
    } finally {
      await browser.worker.evaluate((settings) => chrome.storage.local.set({ settings }), settingsNow.settings);
    }
    await client.close();
    await other.close();
    await app.bringToFront();
  });

  it('keeps captures made while the edge is unreachable, never falls back to the connector, and delivers them once it is back', async () => {
    await network.cut();
    await until(async () => (await remote())?.state !== 'online', 15_000, 'the link noticed the cut');
    await app.evaluate(() => {
      for (let i = 0; i < 50; i++) console.log(`remote: offline ${i}`);
    });
    await until(async () => ((await remote())?.queued ?? 0) >= 50, 10_000, 'captures queued in the worker');
    assert.equal(connector.connector.services.bridge.connected, false);
    await network.restore();
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
    await browser.worker.evaluate(() => Object.assign(globalThis, { beforeRestart: true }));
    const cdp = await browser.context.newCDPSession(app);
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
      await browser.worker.evaluate(() => 'beforeRestart' in globalThis),
      false,
      'the worker really restarted',
    );
    const state = await workerState(browser.worker);
    assert.equal(state.remote?.sessionId, sessionId);
    assert.equal(state.connection, 'off');
    assert.equal(connector.connector.services.bridge.connected, false);
    assert.deepEqual(probes, []);
  });

  it('goes back to the local connector when remote mode is turned off', async () => {
    const page = await openOptions();
    await saveRemote(page, { enabled: false });
    assert.equal(await page.locator('#saved').textContent(), 'Saved: remote mode is off.');
    await page.close();
    await until(
      async () => (await workerState(browser.worker)).connection === 'connected',
      15_000,
      'connected to the local connector again',
    );
    assert.equal((await workerState(browser.worker)).remote, undefined);
    await app.evaluate(() => console.log('local again'));
    const local = () =>
      connector.connector.services.store.query(['consoleLogs'], (entry) => entry.message === 'local again', 10).entries;
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
    assert.notEqual(await page.locator('#sessionId').inputValue(), sessionId);
    const after = String(await page.locator('#clientId').textContent());
    assert.match(after, /^browser-extension-/);
    assert.notEqual(after, before, 'a new key pair');
    await until(async () => (await remote())?.state === 'unauthorized', 15_000, 'the edge refusing the other key');
    await saveRemote(page, { enabled: false });
    await page.close();
  });
});
