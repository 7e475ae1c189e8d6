import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { httpClient, startMcpConnector, type McpTestConnector } from '../../support/mcp';
import { startActApp, type ActAppServer } from './actAppServer';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from './chromium';
import { startTogether } from '../../support/startTogether';

export interface McpRig {
  connector: McpTestConnector;
  app: ActAppServer;
  browser: TestBrowser;
  /** A real MCP SDK client over Streamable HTTP, as an assistant connects. */
  client: Client;
  /** Opens a page of the fixture app and brings it to the front, so it is the tab commands target. */
  open(path: string): Promise<Page>;
}

/** Mocha hooks: the connector with MCP mounted, the tea shop app, and Chromium with our extension connected. */
export function mcpRig(): McpRig {
  const rig = {} as McpRig;
  before(async function () {
    const executable = requireChromium(this);
    await startTogether([
      startMcpConnector().then((connector) => (rig.connector = connector)),
      startActApp().then((app) => (rig.app = app)),
    ]);
    rig.browser = await launchWithExtension(executable);
    await connectExtension(rig.browser.worker, rig.connector.port);
    rig.client = (await httpClient(rig.connector.port)).client;
    rig.open = async (path) => {
      const page = await rig.browser.context.newPage();
      await page.goto(`${rig.app.origin}/${path}`);
      await page.bringToFront();
      return page;
    };
  });
  after(async () => {
    await rig.client?.close();
    await rig.browser?.close();
    await Promise.all([rig.connector?.stop(), rig.app?.close()]);
  });
  return rig;
}
