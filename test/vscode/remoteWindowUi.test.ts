/**
 * A remote window: code-server is one (the extension host, and so the connector, runs on the server; the
 * UI runs in a browser). The extension asks VS Code to forward the connector's port (asExternalUri),
 * which code-server answers with its path proxy (`/proxy/PORT/`). The window shows that address with a
 * Copy button; the browser extension, told only that address, pairs, connects (HTTP and WebSocket both
 * through code-server's proxy) and its captures reach the connector.
 *
 * code-server's proxy refuses a WebSocket whose Origin is not its own host unless the origin is trusted
 * (`--trusted-origins`, matched against the Origin's host: our extension id); HTTP passes without it.
 * docs/decisions.md, "Everywhere", has the figures.
 */
import assert from 'node:assert/strict';
import type { Page, Worker } from 'playwright-core';
import { callerHeaders } from '../support/callerSecret';
import { seedPairing, until, workerState } from '../e2e/support/chromium';
import { OUR_EXTENSION_ID } from '../../src/connector/trust/extensionIds';
import { startUiRig, type UiRig } from './support/uiRig';

/** The address the window's notification shows (asExternalUri's answer). */
async function shownAddress(workbench: Page): Promise<{ address: string; toast: ReturnType<Page['locator']> }> {
  const toast = workbench.locator('.notification-toast', { hasText: 'forwards the connector to' }).first();
  await toast.waitFor({ timeout: 60_000 });
  return { address: /forwards the connector to (\S+) —/.exec((await toast.textContent()) ?? '')?.[1] ?? '', toast };
}

/** Pairs the browser extension and gives it only the forwarded address, as the user pastes it in the popup. */
async function tellExtension(worker: Worker, address: string): Promise<void> {
  await until(async () => (await workerState(worker)).ready);
  await seedPairing(worker);
  await worker.evaluate(
    (connectorAddress) =>
      chrome.storage.local.set({
        settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, connectorAddress },
      }),
    address,
  );
}

type LinkView = { connection: string; address?: string; pairing?: string; socketRefused?: string };
const linkView = (worker: Worker) => workerState(worker) as Promise<LinkView & Awaited<ReturnType<typeof workerState>>>;

describe('VS Code UI: a remote window (code-server): the browser reaches the connector only through the forwarded address', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;
  let forwarded: string;

  before(async function () {
    rig = await startUiRig(this, { connect: false, args: ['--trusted-origins', OUR_EXTENSION_ID] });
    workbench = rig.workbench;
  });
  after(async () => {
    await rig?.stop();
  });

  it('shows the asExternalUri address (code-server’s proxy, not the connector’s port) and copies it', async () => {
    const shown = await shownAddress(workbench);
    forwarded = shown.address;
    assert.equal(forwarded, `${rig.server.url}/proxy/${rig.port}/`, 'the address code-server forwards the port to');
    await shown.toast.locator('.monaco-button', { hasText: 'Copy Address' }).click();
    await until(async () => (await workbench.evaluate(() => navigator.clipboard.readText())) === forwarded, 10_000);
  });

  it('the browser extension, told that address, pairs, connects through the proxy and delivers captures', async () => {
    assert.ok(forwarded, 'the first case found the address');
    const { worker } = rig.app;
    await tellExtension(worker, forwarded);
    const base = forwarded.replace(/\/$/, '');
    await until(async () => {
      const state = await linkView(worker);
      return state.connection === 'connected' && state.address === base;
    }, 30_000);
    const marker = `remote-window-${Date.now()}`;
    const page = await rig.app.context.newPage();
    await page.goto(`${rig.origin}/index.html`);
    await page.evaluate((text) => console.error(text), marker);
    await until(async () => {
      const response = await fetch(`http://127.0.0.1:${rig.port}/console-logs?limit=200`, { headers: callerHeaders() });
      const body = (await response.json()) as { logs: { message: string }[] };
      return body.logs.some((log) => log.message.includes(marker));
    }, 30_000);
    await page.close();
  });
});

describe('VS Code UI: a remote window whose proxy refuses the extension’s WebSocket (code-server without --trusted-origins)', function () {
  this.timeout(300_000);
  let rig: UiRig;

  before(async function () {
    rig = await startUiRig(this, { connect: false });
  });
  after(async () => {
    await rig?.stop();
  });

  it('pairs over HTTP, and the popup says the WebSocket was refused and what to start code-server with', async () => {
    const { address } = await shownAddress(rig.workbench);
    const { worker } = rig.app;
    await tellExtension(worker, address);
    await until(async () => Boolean((await linkView(worker)).socketRefused), 30_000);
    const state = await linkView(worker);
    assert.equal(state.pairing, 'proven', 'HTTP through the proxy works: the connector proved the pairing');
    assert.notEqual(state.connection, 'connected');
    const popup = await rig.app.context.newPage();
    await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await until(async () => /refused its WebSocket/.test((await popup.locator('#hint').textContent()) ?? ''), 10_000);
    assert.match(
      (await popup.locator('#hint').textContent()) ?? '',
      new RegExp(`--trusted-origins ${OUR_EXTENSION_ID}`),
    );
    await popup.close();
  });
});
