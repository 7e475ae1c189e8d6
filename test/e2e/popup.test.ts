/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import { SERVER_NAME, SIGNATURE } from '../../src/shared/identity';
import { VERSION } from '../../src/shared/version';
import { startTestConnector, type TestConnector } from '../support/connector';
import { closeServer, freePortRun } from '../support/ports';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

const ARTIFACTS = resolve(__dirname, '../../.test-artifacts');

/** A connector of ours in every respect but its version, as after an update the user did not reload. */
async function olderConnector(port: number): Promise<{ server: Server; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ name: SERVER_NAME, signature: SIGNATURE, protocolVersion: 1, version: '0.0.1', port }));
  });
  const wss = new WebSocketServer({ server, path: '/extension-ws' });
  wss.on('connection', (socket) =>
    socket.send(
      JSON.stringify({
        type: 'connection-established',
        name: SERVER_NAME,
        version: '0.0.1',
        protocolVersion: 1,
        lastSeq: 0,
        timestamp: Date.now(),
      }),
    ),
  );
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    server,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(server);
    },
  };
}

describe('browser extension: popup', function () {
  this.timeout(60_000);
  let browser: TestBrowser;
  let connector: TestConnector;
  let site: FixtureServer;

  before(async function () {
    const chromium = requireChromium(this);
    [connector, site] = await Promise.all([startTestConnector(), startFixtureServer()]);
    browser = await launchWithExtension(chromium);
  });
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
  });

  const openPopup = async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 320, height: 420 });
    await page.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
    return page;
  };

  it('shows a clear hint when no connector is found', async () => {
    const free = await freePortRun(1);
    await browser.worker.evaluate(
      (port) =>
        chrome.storage.local.set({
          settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port },
        }),
      free,
    );
    const popup = await openPopup();
    await until(
      async () =>
        (await popup.locator('#hint').isVisible()) && (await popup.locator('#status').textContent()) !== 'connected',
    );
    assert.match(String(await popup.locator('#hint').textContent()), /No connector found.*npm start/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await popup.screenshot({ path: `${ARTIFACTS}/popup-disconnected.png` });
    await popup.close();
  });

  it('shows the connection, port and counts, and captures a screenshot from its button', async () => {
    await connectExtension(browser.worker, connector.port);
    const app = await browser.context.newPage();
    await app.goto(`${site.origin}/`);
    const popup = await openPopup();
    await until(async () => (await popup.locator('#status').textContent()) === 'connected');
    assert.equal(await popup.locator('#port').textContent(), `127.0.0.1:${connector.port} (v${VERSION})`);
    await until(async () => Number(await popup.locator('#captured').textContent()) > 0);
    assert.equal(await popup.locator('#hint').isVisible(), false);
    await app.bringToFront();
    await popup.locator('#shot').click();
    await until(
      async () => /Saved: .*screenshot-/.test(String(await popup.locator('#shotResult').textContent())),
      10_000,
    );
    await popup.screenshot({ path: `${ARTIFACTS}/popup-connected.png` });
    await Promise.all([popup.close(), app.close()]);
  });

  it('warns when the connector runs another version', async () => {
    const port = await freePortRun(1);
    const older = await olderConnector(port);
    try {
      await browser.worker.evaluate(
        (p) =>
          chrome.storage.local.set({
            settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: p },
          }),
        port,
      );
      const popup = await openPopup();
      await until(async () => await popup.locator('#warning').isVisible(), 15_000, 'the version warning');
      assert.match(String(await popup.locator('#warning').textContent()), /connector is 0\.0\.1: reload the extension/);
      await popup.close();
    } finally {
      await older.close();
    }
  });
});
