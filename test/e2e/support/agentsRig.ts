import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { callerHeaders } from '../../support/callerSecret';
import type { McpHttpOptions } from '../../../src/mcp/httpTransports';
import { call, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';
import { startTogether } from '../../support/startTogether';
import { startActApp, type ActAppServer } from './actAppServer';
import { connectExtension, launchWithExtension, requireChromium, until, type TestBrowser } from './chromium';

/** One MCP SDK client over Streamable HTTP: an agent, named by its clientInfo. */
export interface TestAgent {
  name: string;
  client: Client;
  transport: StreamableHTTPClientTransport;
  tool(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  /** The tab new_tab opened, once it did. */
  tabId?: number;
}

export interface AgentsRig {
  browser: TestBrowser;
  connector: McpTestConnector;
  app: ActAppServer;
  /** The developer's tab: opened first, brought to the front, never to be touched by an agent. */
  human: Page;
  join(name: string): Promise<TestAgent>;
  /** The Playwright page of a tab an agent opened (found by the marker in its URL). */
  pageOf(marker: string): Promise<Page>;
}

/**
 * Mocha hooks: a connector with MCP, the tea shop, Chromium with our extension, and the developer's tab.
 * `mcp` sets the MCP endpoints' options (e.g. a short `idleMs`).
 */
export function agentsRig(mcp: McpHttpOptions = {}): AgentsRig {
  const rig = {} as AgentsRig;
  const agents: TestAgent[] = [];
  before(async function () {
    const executable = requireChromium(this);
    await startTogether([
      startMcpConnector({}, mcp).then((connector) => (rig.connector = connector)),
      startActApp().then((app) => (rig.app = app)),
    ]);
    rig.browser = await launchWithExtension(executable);
    await connectExtension(rig.browser.worker, rig.connector.port);
    for (const old of rig.browser.context.pages()) await old.close();
    rig.human = await rig.browser.context.newPage();
    await rig.human.goto(`${rig.app.origin}/?human`);
    await rig.human.bringToFront();
    rig.join = async (name) => {
      const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${rig.connector.port}/mcp`), {
        requestInit: { headers: callerHeaders() },
      });
      const client = new Client({ name, version: '1.0.0' });
      await client.connect(transport);
      const agent: TestAgent = {
        name,
        client,
        transport,
        tool: async (tool, args = {}) => {
          const result = await call(client, tool, args);
          return { text: textOf(result), isError: result.isError === true };
        },
      };
      agents.push(agent);
      return agent;
    };
    rig.pageOf = async (marker) => {
      let found: Page | undefined;
      await until(
        () => !!(found = rig.browser.context.pages().find((page) => page.url().includes(marker))),
        10_000,
        `a tab at ${marker}`,
      );
      return found!;
    };
  });
  after(async () => {
    await Promise.all(agents.map((agent) => agent.client.close().catch(() => undefined)));
    await rig.browser?.close();
    await Promise.all([rig.connector?.stop(), rig.app?.close()]);
  });
  return rig;
}

/** The tab id a new_tab answer names. */
export function openedTab(text: string): number {
  const id = text.match(/^Opened tab (\d+) /)?.[1];
  if (!id) throw new Error(`no tab id in: ${text}`);
  return Number(id);
}
