/// <reference types="chrome" />
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import type { Page } from 'playwright-core';
import { BUFFER_KINDS } from '../../../src/connector/capture/storeBuffers';
import { startTestConnector, type TestConnector } from '../../support/connector';
import {
  connectExtension,
  launchWithExtension,
  requireChromium,
  until,
  workerState,
  type TestBrowser,
  type WorkerState,
} from '../../e2e/support/chromium';
import { startFixtureServer, type FixtureServer } from '../../e2e/support/fixtureServer';
import { cuttableLink, type CuttableLink } from './cuttableLink';
import { readConsole, startTestEdge, type TestEdge } from './edgeAccount';
import { startTogether } from '../../support/startTogether';

export interface RemoteRig {
  edge: TestEdge;
  /** The way to the edge, which a test can cut. */
  network: CuttableLink;
  /** The local connector, which must hear nothing while remote mode is on. */
  connector: TestConnector;
  site: FixtureServer;
  browser: TestBrowser;
  /** The session the extension streams to, once remote mode is on. */
  sessionId: string;
  /** Discovery probes (`/.identity`) that reached the local connector. */
  readonly probes: string[];
  /** Everything the local connector stored. */
  storedLocally(): number;
  /** The worker's remote state. */
  remote(): Promise<WorkerState['remote']>;
  /** The console entries of the session on the edge. */
  edgeLogs(): Promise<any[]>;
  /** The extension's options page, filled in. */
  openOptions(): Promise<Page>;
  /** What a user does: fill the form, tick or untick the switch, press Save. */
  saveRemote(page: Page, fields: { enabled: boolean; url?: string; apiKey?: string }): Promise<void>;
  /** Remote mode turned on through the options page, and the extension off the local connector. */
  goRemote(): Promise<void>;
}

/**
 * Mocha hooks for full remote mode: `wrangler dev --local` behind a link the test can cut, a real connector on
 * loopback, a fixture site, and Chromium with our extension connected to the connector.
 */
export function remoteRig(): RemoteRig {
  const rig = { probes: [] as string[], sessionId: '' } as RemoteRig;
  const onRequest = (message: unknown) => {
    const { request, server } = message as { request: IncomingMessage; server: Server };
    if (request.url === '/.identity' && (server.address() as { port: number } | null)?.port === rig.connector?.port)
      rig.probes.push(new Date().toISOString());
  };
  rig.storedLocally = () =>
    rig.connector.connector.services.store.query([...BUFFER_KINDS], () => true, 1_000_000).entries.length;
  rig.remote = async () => (await workerState(rig.browser.worker)).remote;
  rig.edgeLogs = async () => readConsole(rig.edge.url, await rig.edge.readerToken(), rig.sessionId);
  rig.openOptions = async () => {
    const page = await rig.browser.context.newPage();
    await page.goto(`chrome-extension://${new URL(rig.browser.worker.url()).host}/options.html`);
    await until(
      async () => (await page.locator('#sessionId').inputValue()) !== '',
      5_000,
      'the options page filled in',
    );
    return page;
  };
  rig.saveRemote = async (page, fields) => {
    if (fields.url !== undefined) await page.locator('#url').fill(fields.url);
    if (fields.apiKey !== undefined) await page.locator('#apiKey').fill(fields.apiKey);
    await page.locator('#enabled').setChecked(fields.enabled);
    await page.locator('#save').click();
    await until(
      async () => (await page.locator('#error').isVisible()) || (await page.locator('#saved').textContent()) !== '',
      10_000,
      'an answer to Save',
    );
  };
  rig.goRemote = async () => {
    const page = await rig.openOptions();
    rig.sessionId = await page.locator('#sessionId').inputValue();
    await rig.saveRemote(page, { enabled: true, url: rig.network.url, apiKey: rig.edge.apiKey });
    await until(async () => (await rig.remote())?.state === 'online', 20_000, 'the tunnel opened');
    await until(() => !rig.connector.connector.services.bridge.connected, 10_000, 'the extension left the connector');
    await page.close();
  };

  before(async function () {
    this.timeout(150_000);
    const executable = requireChromium(this);
    await startTogether([
      startTestEdge().then((edge) => (rig.edge = edge)),
      startTestConnector().then((connector) => (rig.connector = connector)),
      startFixtureServer().then((site) => (rig.site = site)),
    ]);
    rig.network = await cuttableLink(rig.edge.url);
    rig.browser = await launchWithExtension(executable);
    await connectExtension(rig.browser.worker, rig.connector.port);
    subscribe('http.server.request.start', onRequest);
  });
  after(async () => {
    unsubscribe('http.server.request.start', onRequest);
    await rig.browser?.close();
    await Promise.all([rig.connector?.stop(), rig.site?.close(), rig.network?.close()]);
    await rig.edge?.stop();
  });
  return rig;
}
