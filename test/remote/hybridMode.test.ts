import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  consoleLog,
  connectFakeBrowser,
  networkRequest,
  startTestConnector,
  until,
  type TestConnector,
} from '../support/connector';
import { get } from '../support/http';
import { pngDataUrl } from '../support/png';
import { TestSocket } from '../support/wsClient';
import { resolveRemoteConfig } from '../../src/connector/remote/remoteConfig';
import type { RemoteReport } from '../../src/shared/remoteStatus';
import { cuttableLink, type CuttableLink } from './support/cuttableLink';
import { startTestEdge, type TestEdge } from './support/edgeAccount';

/**
 * Hybrid mode end to end: `wrangler dev --local`, the real connector with a remote URL, a scripted
 * browser on /extension-ws, and a remote reader using the edge's HTTP API, SSE and the tunnel.
 */
describe('hybrid mode: the connector forwards to the edge (wrangler dev --local)', function () {
  this.timeout(60_000);
  let edge: TestEdge;
  let network: CuttableLink;
  let local: TestConnector;
  let browser: TestSocket;
  let sessionId: string;
  const identityDir = mkdtempSync(join(tmpdir(), 'bd-remote-id-'));
  const SHARED = 'http://localhost:5173/';
  const PRIVATE = 'https://mail.example.com/inbox';
  /** What the scripted browser's active tab shows; the connector asks before acting on it. */
  let activeTab = { tabId: 1, url: SHARED };
  /** The tab each screenshot request named. */
  const screenshotTabs: number[] = [];

  const remote = async () => (await get(local.port, '/health')).json.remote as RemoteReport;
  const drained = () =>
    until(
      async () => (await remote()).state === 'online' && (await remote()).queued === 0,
      30_000,
      'the edge acked everything',
    );

  before(async function () {
    this.timeout(150_000);
    edge = await startTestEdge();
    network = await cuttableLink(edge.url);
    local = await startTestConnector({
      remote: {
        url: network.url,
        apiKey: edge.apiKey,
        origins: ['http://localhost:*'],
        identityFile: join(identityDir, 'identity.json'),
      },
    });
    browser = await connectFakeBrowser(local.port);
    answerCommands(browser);
    sessionId = (await remote()).sessionId!;
  });

  after(async () => {
    await browser?.close();
    await local?.stop();
    await network?.close();
    await edge?.stop();
    rmSync(identityDir, { recursive: true, force: true });
  });

  /** The scripted browser carries out what the connector asks, like the extension would. */
  function answerCommands(socket: TestSocket): void {
    socket.ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'command' && frame.name === 'current-url')
        socket.send({ type: 'reply', id: frame.id, result: { ...activeTab, title: 'App' } });
      if (frame.type === 'screenshot-request') {
        screenshotTabs.push(frame.options.tabId);
        socket.send({
          type: 'screenshot-data',
          requestId: frame.requestId,
          data: pngDataUrl(1280, 800),
          preview: { data: pngDataUrl(640, 400), width: 640, height: 400, cropped: false },
        });
      }
    });
  }

  it('enrols with the API key, keeps its key pair in a private file, and reports online', async () => {
    await until(async () => (await remote()).state === 'online', 30_000, 'the tunnel opened');
    const report = await remote();
    assert.equal(report.url, network.url);
    assert.deepEqual(report.origins, ['http://localhost:*']);
    assert.match(report.clientId!, /^connector-/);
    assert.equal(statSync(join(identityDir, 'identity.json')).mode & 0o777, 0o600);
    const sessions = await edge.get('/api/v1/sessions');
    assert.ok(
      sessions.data.sessions.some(
        (s: { id: string; connectorOnline: boolean }) => s.id === sessionId && s.connectorOnline,
      ),
    );
  });

  it('forwards captures of shared origins only, judged by the page and not the request URL', async () => {
    browser.send({
      type: 'batch',
      events: [
        { type: 'page-navigated', url: SHARED, pageLoadId: 'load-app', tabId: 1, timestamp: Date.now() },
        { type: 'console-error', message: 'TypeError: shared boom', url: SHARED, tabId: 1, timestamp: Date.now() },
        networkRequest('https://api.thirdparty.test/data', 500, { tabId: 1 }),
        { type: 'page-navigated', url: PRIVATE, pageLoadId: 'load-mail', tabId: 2, timestamp: Date.now() },
        consoleLog('private mail subject', { url: PRIVATE, tabId: 2 }),
        networkRequest('http://localhost:5173/api/leak', 500, { tabId: 2 }),
      ],
    });
    await until(async () => (await remote()).forwarded >= 3, 10_000, 'three captures forwarded');
    await drained();
    const logs = await edge.get('/api/v1/console-logs', sessionId);
    assert.deepEqual(
      logs.data.logs.map((l: { message: string }) => l.message),
      ['TypeError: shared boom'],
    );
    const requests = await edge.get('/api/v1/network-requests', sessionId);
    assert.deepEqual(
      requests.data.requests.map((r: { url: string }) => r.url),
      ['https://api.thirdparty.test/data'],
    );
    assert.equal((await remote()).forwarded, 3, 'the private page load, log and request stayed here');
  });

  it('keeps captures of pages it cannot place, even when another tab reports a shared URL', async () => {
    const before = (await remote()).forwarded;
    browser.send({
      type: 'batch',
      events: [
        // Tab 3 was open before the connector started: no navigation was ever seen for it.
        networkRequest('http://localhost:5173/api/from-unknown-page', 500, { tabId: 3 }),
        {
          type: 'page-navigated',
          url: 'https://staging.example.com/',
          pageLoadId: 'load-staging',
          tabId: 4,
          timestamp: Date.now(),
        },
        // The user switches to tab 5, a localhost tab also open from before: the store stamps it with the last page load.
        { type: 'current-url', url: SHARED, tabId: 5, source: 'tab-activated', timestamp: Date.now() },
        networkRequest('https://staging.example.com/api/login', 200, { tabId: 4, requestBody: 'password=hunter2' }),
        consoleLog('shared marker', { url: SHARED, tabId: 1 }),
      ],
    });
    await until(async () => (await remote()).forwarded >= before + 2, 10_000, 'the marker forwarded');
    await drained();
    assert.equal((await remote()).forwarded, before + 2, 'only the current-url of the shared tab and the marker went');
    const requests = await edge.get('/api/v1/network-requests?limit=1000', sessionId);
    const urls = requests.data.requests.map((r: { url: string }) => r.url);
    assert.ok(
      !urls.some((url: string) => url.includes('from-unknown-page') || url.includes('staging')),
      urls.join(', '),
    );
  });

  it('streams live captures to a remote reader over SSE', async () => {
    const controller = new AbortController();
    const res = await fetch(`${edge.url}/api/v1/sessions/${sessionId}/events`, {
      headers: { Authorization: `Bearer ${await edge.readerToken()}` },
      signal: controller.signal,
    });
    assert.match(res.headers.get('content-type')!, /text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: connection-established'))
      text += new TextDecoder().decode((await reader.read()).value);
    browser.send(consoleLog('live over sse', { url: SHARED, tabId: 1 }));
    while (!text.includes('live over sse')) text += new TextDecoder().decode((await reader.read()).value);
    assert.match(text, /event: console-log\ndata: .*"live over sse"/);
    controller.abort();
  });

  it('carries out a remote screenshot through the tunnel, and refuses unshared tabs and opt-in commands', async () => {
    const token = await edge.readerToken();
    const client = await TestSocket.open(`${edge.url.replace('http', 'ws')}/tunnel/${sessionId}?role=client`, {
      Authorization: `Bearer ${token}`,
    });
    await client.ofType('connection-established');
    client.send({ type: 'command', id: 'shot-1', name: 'screenshot', args: { fullPage: false } });
    const shot = await client.next((f) => f.type === 'reply' && f.id === 'shot-1', 20_000);
    const result = shot.result as { screenshot: string; width: number; full: { width: number }; tabId: number };
    assert.match(result.screenshot, /^data:image\/png;base64,/);
    assert.equal(result.width, 640, 'the model-sized copy travels, not the full image');
    assert.equal(result.full.width, 1280);
    assert.deepEqual(screenshotTabs, [1], 'the screenshot targets the tab that was checked');
    assert.equal(
      readdirSync(local.screenshotDir).filter((name) => name.endsWith('.png')).length,
      1,
      'the full image is saved locally as for any screenshot',
    );

    activeTab = { tabId: 2, url: PRIVATE };
    client.send({ type: 'command', id: 'shot-2', name: 'screenshot', args: {} });
    const refused = await client.next((f) => f.type === 'reply' && f.id === 'shot-2', 20_000);
    assert.equal((refused.error as { code: string }).code, 'FORBIDDEN');
    assert.match((refused.error as { message: string }).message, /mail\.example\.com.*not shared/);
    assert.deepEqual(screenshotTabs, [1], 'nothing was captured in the unshared tab');
    activeTab = { tabId: 1, url: SHARED };

    client.send({ type: 'command', id: 'script-1', name: 'run-script', args: { script: 'document.cookie' } });
    const script = await client.next((f) => f.type === 'reply' && f.id === 'script-1', 20_000);
    assert.equal((script.error as { code: string }).code, 'FORBIDDEN');
    assert.match((script.error as { message: string }).message, /run-script/);
    await client.close();
  });

  it('queues captures while the edge is unreachable and delivers them all, in order, once it is back', async () => {
    await network.cut();
    await until(async () => (await remote()).state !== 'online', 10_000, 'the link noticed the cut');
    for (let i = 0; i < 300; i++) browser.send(consoleLog(`offline ${i}`, { url: SHARED, tabId: 1 }));
    await until(async () => (await remote()).queued >= 300, 10_000, 'captures queued');
    await network.restore();
    await drained();
    const logs = await edge.get('/api/v1/console-logs?limit=1000', sessionId);
    assert.deepEqual(
      logs.data.logs
        .map((l: { message: string }) => l.message)
        .filter((message: string) => message.startsWith('offline')),
      Array.from({ length: 300 }, (_, i) => `offline ${i}`),
    );
  });

  it('tells live clients on /ws about the remote state', async () => {
    const client = await TestSocket.open(`ws://127.0.0.1:${local.port}/ws`);
    const frame = await client.ofType('remote-status');
    assert.equal((frame.remote as RemoteReport).state, 'online');
    assert.equal((frame.remote as RemoteReport).sessionId, sessionId);
    await client.close();
  });

  it('comes back after a restart as the same client on the same session, without the API key', async () => {
    const before = await remote();
    await browser.close();
    await local.stop();
    local = await startTestConnector({
      remote: { url: network.url, origins: ['http://localhost:*'], identityFile: join(identityDir, 'identity.json') },
    });
    browser = await connectFakeBrowser(local.port);
    await until(async () => (await remote()).state === 'online', 30_000, 'the tunnel reopened');
    assert.equal((await remote()).sessionId, before.sessionId);
    assert.equal((await remote()).clientId, before.clientId);
    browser.send(consoleLog('after restart', { url: SHARED, tabId: 1 }));
    await until(async () => (await remote()).forwarded === 1, 10_000, 'forwarded after restart');
    await drained();
    const logs = await edge.get('/api/v1/console-logs?limit=1', sessionId);
    assert.equal(logs.data.logs[0].message, 'after restart');
  });

  it('knows the pages loaded before it was turned on, as when VS Code applies its settings after start', async () => {
    const other = await startTestConnector();
    const otherBrowser = await connectFakeBrowser(other.port);
    try {
      otherBrowser.send({
        type: 'page-navigated',
        url: SHARED,
        pageLoadId: 'load-early',
        tabId: 7,
        timestamp: Date.now(),
      });
      await until(
        () => other.connector.services.store.currentPage?.pageLoadId === 'load-early',
        5_000,
        'the page load stored',
      );
      await other.connector.services.remote.configure(
        resolveRemoteConfig({
          url: network.url,
          apiKey: edge.apiKey,
          origins: ['http://localhost:*'],
          identityFile: join(identityDir, 'late.json'),
        }),
      );
      otherBrowser.send(networkRequest('http://localhost:5173/api/early-page', 500, { tabId: 7 }));
      await until(() => other.connector.services.remote.status()?.forwarded === 1, 10_000, 'the request forwarded');
    } finally {
      await otherBrowser.close();
      await other.stop();
    }
  });

  it('reports a refused API key as unauthorized, with the reason', async () => {
    const other = await startTestConnector({
      remote: {
        url: edge.url,
        apiKey: 'bd_not-a-real-key',
        origins: ['http://localhost:*'],
        identityFile: join(identityDir, 'other.json'),
      },
    });
    try {
      await until(
        async () => (await get(other.port, '/health')).json.remote.state === 'unauthorized',
        15_000,
        'unauthorized state',
      );
      const report = (await get(other.port, '/health')).json.remote as RemoteReport;
      assert.ok(report.lastError && report.lastError.length > 10, `a readable reason: ${report.lastError}`);
    } finally {
      await other.stop();
    }
  });
});
