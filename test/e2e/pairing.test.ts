/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import { PROTOCOL_VERSION, SERVER_NAME, SIGNATURE } from '../../src/shared/identity';
import { VERSION } from '../../src/shared/version';
import { startTestConnector, type TestConnector } from '../support/connector';
import { get, post } from '../support/http';
import { closeServer, freePortRun } from '../support/ports';
import {
  launchWithExtension,
  requireChromium,
  seedPairing,
  until,
  workerState,
  type TestBrowser,
} from './support/chromium';
import { startFixtureServer, type FixtureServer } from './support/fixtureServer';

/** docs/images only when asked (`BROWSER_DEBUG_PICTURES=docs`); a test run leaves the tree clean. */
const IMAGES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs'
    ? resolve(__dirname, '../../docs/images')
    : resolve(__dirname, '../../.test-artifacts/pictures');

/**
 * A port squatter: answers `/.identity` exactly as our connector does and takes any socket, ready to
 * send a command the moment one opens. It cannot prove a pairing key: its challenge answer is noise.
 */
async function squatter(port: number) {
  const seen = { challenges: 0, sockets: 0, posts: 0 };
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.identity')
      return res.end(
        JSON.stringify({
          name: SERVER_NAME,
          signature: SIGNATURE,
          protocolVersion: PROTOCOL_VERSION,
          version: VERSION,
          port,
        }),
      );
    if (req.url === '/pairing/challenge') {
      seen.challenges++;
      return res.end(
        JSON.stringify({ proof: randomBytes(32).toString('hex'), nonce: randomBytes(16).toString('hex') }),
      );
    }
    seen.posts++;
    res.end('{}');
  });
  const wss = new WebSocketServer({ server, path: '/extension-ws' });
  wss.on('connection', (socket) => {
    seen.sockets++;
    const code = "document.querySelector('#target').click()";
    socket.send(
      JSON.stringify({
        type: 'connection-established',
        name: SERVER_NAME,
        version: VERSION,
        protocolVersion: 1,
        lastSeq: 0,
        timestamp: Date.now(),
      }),
    );
    socket.send(
      JSON.stringify({ type: 'command', id: 'evil', name: 'run-script', args: { code }, timestamp: Date.now() }),
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    seen,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await closeServer(server);
    },
  };
}

const setPort = (browser: TestBrowser, port: number) =>
  browser.worker.evaluate(
    (p) =>
      chrome.storage.local.set({
        settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: p },
      }),
    port,
  );

describe('pairing: the popup, a restart, and a port squatter', function () {
  this.timeout(90_000);
  let browser: TestBrowser;
  let connector: TestConnector;
  let site: FixtureServer;
  let port: number;

  before(async function () {
    const chromium = requireChromium(this);
    port = await freePortRun(1);
    [connector, site] = await Promise.all([startTestConnector({ port, maxPort: port }), startFixtureServer()]);
    browser = await launchWithExtension(chromium);
  });
  after(async () => {
    await browser?.close();
    await Promise.all([connector?.stop(), site?.close()]);
  });

  const logs = async () =>
    ((await get(connector.port, '/console-logs?limit=1000')).json.logs as { message: string }[]).map(
      (log) => log.message,
    );

  it('pairs through the popup: a wrong code is refused, the right one pairs, then the extension captures', async () => {
    await until(async () => (await workerState(browser.worker)).ready);
    await setPort(browser, port);
    const popup = await browser.context.newPage();
    await popup.setViewportSize({ width: 320, height: 300 });
    await popup.goto(`chrome-extension://${new URL(browser.worker.url()).host}/popup.html`);
    await until(async () => popup.locator('#pairForm').isVisible(), 15_000, 'the pairing form');
    assert.match(
      String(await popup.locator('#hint').textContent()),
      /Not paired yet: run "Browser Debug: Pair Browser"/,
    );
    await popup.locator('#pairCode').fill(`${port}-ZZZZ-ZZZZ`);
    await popup.locator('#pair').click();
    await until(
      async () => /Wrong pairing code/.test(String(await popup.locator('#pairResult').textContent())),
      10_000,
      `wrong code: ${await popup.locator('#pairResult').textContent()}`,
    );
    assert.equal((await workerState(browser.worker)).connection === 'connected', false);
    const { code } = (await post(port, '/pairing/code')).json as { code: string };
    await popup.locator('#pairCode').fill(code.toLowerCase());
    await popup.screenshot({ path: `${IMAGES}/popup-pairing.png` });
    await popup.locator('#pair').click();
    await until(async () =>
      /Paired with the connector on port/.test(String(await popup.locator('#pairResult').textContent())),
    );
    await until(async () => (await popup.locator('#status').textContent()) === 'connected', 15_000, 'connected');
    assert.equal(await popup.locator('#pairForm').isVisible(), false);
    await popup.close();
    const app = await browser.context.newPage();
    await app.goto(`${site.origin}/`);
    await app.evaluate(() => console.log('after pairing'));
    await until(async () => (await logs()).includes('after pairing'), 10_000, 'the capture');
    await app.close();
  });

  it('keeps the pairing across a connector restart', async () => {
    await connector.stop();
    connector = await startTestConnector({ port, maxPort: port });
    await until(async () => (await workerState(browser.worker)).connection === 'connected', 20_000, 'reconnected');
    const app = await browser.context.newPage();
    await app.goto(`${site.origin}/`);
    await app.evaluate(() => console.log('after restart'));
    await until(async () => (await logs()).includes('after restart'), 10_000, 'the capture');
    await app.close();
  });

  it('never obeys or feeds a squatter that answers /.identity but cannot prove the key', async () => {
    const squatPort = await freePortRun(1);
    const squat = await squatter(squatPort);
    try {
      await seedPairing(browser.worker);
      const app = await browser.context.newPage();
      await app.goto(`${site.origin}/`);
      await app.evaluate(() => {
        const button = document.body.appendChild(document.createElement('button'));
        button.id = 'target';
        (window as unknown as { clicks: number }).clicks = 0;
        button.onclick = () => (window as unknown as { clicks: number }).clicks++;
      });
      await setPort(browser, squatPort);
      await until(() => squat.seen.challenges >= 3, 20_000, 'three challenges of the squatter');
      await app.evaluate(() => console.log('kept from the squatter'));
      await until(async () => (await workerState(browser.worker)).queued > 0, 10_000, 'the capture queued');
      await until(() => squat.seen.challenges >= 4, 20_000, 'one more try after the capture');
      assert.deepEqual({ sockets: squat.seen.sockets, posts: squat.seen.posts }, { sockets: 0, posts: 0 });
      assert.equal(await app.evaluate(() => (window as unknown as { clicks: number }).clicks), 0, 'no click happened');
      const state = await workerState(browser.worker);
      assert.notEqual(state.connection, 'connected');
      assert.equal((state as unknown as { pairing: string }).pairing, 'unproven');
      // Back to the real connector: the queued capture arrives there, and only there.
      await setPort(browser, port);
      await until(
        async () => (await logs()).includes('kept from the squatter'),
        20_000,
        'the capture at the connector',
      );
      await app.close();
    } finally {
      await squat.close();
    }
  });
});
