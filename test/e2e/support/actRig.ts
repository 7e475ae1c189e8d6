import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Dialog, Page } from 'playwright-core';
import type { ConfigOverrides } from '../../../src/connector/config/config';
import { call, httpClient, startMcpConnector, textOf, type McpTestConnector } from '../../support/mcp';
import { startActApp, type ActAppServer } from './actAppServer';
import { connectExtension, launchWithExtension, requireChromium, type TestBrowser } from './chromium';
import { startTogether } from '../../support/startTogether';

export interface ActRig {
  browser: TestBrowser;
  connector: McpTestConnector;
  app: ActAppServer;
  client: Client;
  /** Calls a tool; answers its text and whether it was an error. */
  tool(
    name: string,
    args?: Record<string, unknown>,
  ): Promise<{ text: string; isError: boolean; result: CallToolResult }>;
  /** Opens a page (a path of the fixture app, or a full URL) in a new tab that becomes the active one. */
  open(path: string): Promise<Page>;
  /** The JS dialogs the current page opened, left open for the test to answer. */
  dialogs: Dialog[];
}

/** Mocha hooks: a connector with MCP over HTTP, the tea shop, Chromium with our extension, and an SDK client. */
export function actRig(overrides: ConfigOverrides = {}): ActRig {
  const rig = {} as ActRig;
  before(async function () {
    const executable = requireChromium(this);
    await startTogether([
      startMcpConnector(overrides).then((connector) => (rig.connector = connector)),
      startActApp().then((app) => (rig.app = app)),
    ]);
    rig.browser = await launchWithExtension(executable);
    await connectExtension(rig.browser.worker, rig.connector.port);
    rig.client = (await httpClient(rig.connector.port)).client;
    rig.tool = async (name, args = {}) => {
      const result = await call(rig.client, name, args);
      return { text: textOf(result), isError: result.isError === true, result };
    };
    rig.open = async (path) => {
      for (const old of rig.browser.context.pages()) await old.close();
      const page = await rig.browser.context.newPage();
      // Playwright dismisses dialogs nobody listens for; the tests answer them themselves.
      rig.dialogs = [];
      page.on('dialog', (dialog) => rig.dialogs.push(dialog));
      await page.goto(path.startsWith('http') ? path : `${rig.app.origin}${path}`);
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

/** The ref a snapshot gives the first line matching `pattern`, e.g. /button "Sign in"/. */
export function refIn(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split('\n').find((candidate) => pattern.test(candidate));
  const ref = line?.match(/^\s*(e\d+) /)?.[1];
  if (!ref) throw new Error(`no line with a ref matches ${pattern} in:\n${snapshot.slice(0, 3000)}`);
  return ref;
}

/** What the fixture page's handlers recorded (`window.seen`), optionally of one kind: `{kind, trusted, ...}`. */
export interface Seen {
  kind: string;
  trusted: boolean;
  [key: string]: unknown;
}

export function seen(page: Page, kind?: string): Promise<Seen[]> {
  return page.evaluate(
    (wanted) => (window as unknown as { seen: Seen[] }).seen.filter((event) => !wanted || event.kind === wanted),
    kind,
  );
}
