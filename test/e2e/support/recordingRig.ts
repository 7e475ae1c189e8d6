import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { httpClient, startMcpConnector, type McpTestConnector } from '../../support/mcp';
import { TestSocket } from '../../support/wsClient';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from './chromium';
import { startShopServer, type ShopServer } from './shopServer';
import { startTogether } from '../../support/startTogether';

/** The password the recordings tests type, which no saved or sent answer may hold. */
export const PASSWORD = 'hunter2-Sup3rSecret';

export interface RecordingRig {
  connector: McpTestConnector;
  browser: TestBrowser;
  shop: ShopServer;
  /** The tab the tests record and replay in. */
  page: Page;
  mcp: Client;
  /** A live WebSocket client of the connector, to check what it broadcast. */
  live: TestSocket;
  recordingsDir: string;
}

/**
 * Mocha hooks: a connector with MCP over HTTP saving recordings to a temporary folder, the tea shop, Chromium
 * with our extension and a tab for it, an MCP client and a live socket.
 */
export function recordingRig(): RecordingRig {
  const rig = {} as RecordingRig;
  before(async function () {
    const executable = requireChromium(this);
    rig.recordingsDir = mkdtempSync(join(tmpdir(), 'bd-recordings-'));
    await startTogether([
      startMcpConnector({ recordings: { dir: rig.recordingsDir } }).then((connector) => (rig.connector = connector)),
      startShopServer().then((shop) => (rig.shop = shop)),
    ]);
    rig.browser = await launchWithExtension(executable);
    await connectExtension(rig.browser.worker, rig.connector.port);
    rig.page = await rig.browser.context.newPage();
    rig.mcp = (await httpClient(rig.connector.port)).client;
    rig.live = await TestSocket.open(`ws://127.0.0.1:${rig.connector.port}/ws`);
  });
  after(async () => {
    rig.live?.ws.close();
    await rig.mcp?.close();
    await rig.browser?.close();
    await Promise.all([rig.connector?.stop(), rig.shop?.close()]);
    if (rig.recordingsDir) rmSync(rig.recordingsDir, { recursive: true, force: true });
  });
  return rig;
}
