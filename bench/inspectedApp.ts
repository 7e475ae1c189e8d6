import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectExtension, launchWithExtension, type TestBrowser } from '../test/e2e/support/chromium';
import { httpClient } from '../test/support/mcp';
import { freePortRun } from '../test/support/ports';
import { toolText } from './toolText';

export interface InspectedApp {
  /** The port of the connector the stdio bin started. */
  port: number;
  /** An MCP client of the stdio bin, as Claude Desktop or Cursor start it. */
  stdio: Client;
  /** An MCP client of that connector's Streamable HTTP `/mcp`, as VS Code uses it. */
  http: Client;
  browser: TestBrowser;
  /** The snapshot ref of the app's counter button (refs belong to the tab: it serves both clients). */
  ref: string;
  stop(): Promise<void>;
}

/**
 * Browser Debug up and ready to inspect the counter of the app at `url` (a Vite react-ts app): the stdio bin
 * (`dist/mcp.js`), which starts its own connector on a free port, Chromium with our extension connected to it,
 * the app open in the active tab, and the counter's ref from a snapshot. Shared by bench/inspect.ts and
 * bench/inspectProfile.ts.
 */
export async function inspectedApp(chromium: string, url: string, clientName: string): Promise<InspectedApp> {
  // The bin first looks for a running connector on its port and the 10 above: a run of free ports finds none.
  const port = await freePortRun(11);
  const stdio = new Client({ name: clientName, version: '1' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [resolve(__dirname, '../dist/mcp.js'), '--port', String(port)],
      stderr: 'ignore',
    }),
  );
  const browser = await launchWithExtension(chromium);
  let http: Client | undefined;
  const stop = async () => {
    await http?.close();
    await browser.close().catch(() => undefined);
    await stdio.close();
  };
  try {
    await connectExtension(browser.worker, port);
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.bringToFront();
    await page.waitForSelector('button.counter');
    http = (await httpClient(port)).client;
    const snapshot = await toolText(stdio, 'take_snapshot', {});
    const ref = /(e\d+) button "count is 0"/.exec(snapshot)?.[1];
    if (!ref) throw new Error(`Browser Debug: no ref for the counter in\n${snapshot}`);
    return { port, stdio, http, browser, ref, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
