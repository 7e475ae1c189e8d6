/// <reference types="chrome" />
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { PNG } from 'pngjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callerHeaders } from '../support/callerSecret';
import { call, startMcpConnector, textOf, type McpTestConnector } from '../support/mcp';
import { startActApp, type ActAppServer } from './support/actAppServer';
import { connectExtension, EXTENSION_DIR, FLAGS, requireChromium, until } from './support/chromium';
import { hasXvfb, startXvfb, topOf, type VirtualScreen } from './support/xvfb';

/** docs/images only when asked (`BROWSER_DEBUG_PICTURES=docs`); a test run leaves the tree clean. */
const IMAGES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs'
    ? resolve(__dirname, '../../docs/images')
    : resolve(__dirname, '../../.test-artifacts/pictures');

/** The window's frame: the tab strip and the toolbar, above the page. */
const FRAME_ROWS = 160;

/**
 * The tab strip with two agents' tab groups, in a headful Chromium on a virtual X screen (headless Chromium
 * draws no tab strip). The developer's tab stays active and outside every group.
 */
describe("many agents: each agent's tabs in its own named, coloured tab group (headful Chromium under Xvfb)", function () {
  this.timeout(120_000);
  let screen: VirtualScreen;
  let context: BrowserContext;
  let profile: string;
  let worker: Worker;
  let connector: McpTestConnector;
  let app: ActAppServer;
  let human: Page;

  before(async function () {
    const executable = requireChromium(this);
    if (!hasXvfb()) {
      console.log('  skipped: the tab strip picture needs Xvfb (apt-get install -y xvfb)');
      this.skip();
    }
    [screen, connector, app] = await Promise.all([startXvfb(), startMcpConnector(), startActApp()]);
    profile = mkdtempSync(join(tmpdir(), 'bd-chromium-headful-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: executable,
      headless: false,
      viewport: null,
      env: { ...process.env, DISPLAY: screen.display },
      args: [
        ...FLAGS,
        '--window-position=0,0',
        `--load-extension=${EXTENSION_DIR}`,
        `--disable-extensions-except=${EXTENSION_DIR}`,
      ],
    });
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await connectExtension(worker, connector.port);
    // Headful, closing a window's last tab ends the browser: the human's tab opens before the first one closes.
    const first = context.pages();
    human = await context.newPage();
    for (const old of first) await old.close();
    await human.goto(`${app.origin}/?human`);
    await human.bringToFront();
  });
  after(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    await Promise.all([screen?.close(), connector?.stop(), app?.close()]);
  });

  it('two agents open tabs: two groups named for them in distinct colours, the human tab active and ungrouped', async () => {
    const agents = await Promise.all(['Copilot', 'Claude Code'].map((name) => joinAs(connector.port, name)));
    try {
      for (const [i, { client }] of agents.entries()) {
        const opened = await call(client, 'new_tab', { url: `${app.origin}/?agent-${i}` });
        assert.equal(opened.isError, undefined, textOf(opened));
      }
      const state = await worker.evaluate(async () => ({
        groups: await chrome.tabGroups.query({}),
        tabs: (await chrome.tabs.query({})).map(({ url, active, groupId }) => ({ url, active, groupId })),
      }));
      assert.equal(state.groups.length, 2, JSON.stringify(state.groups));
      assert.notEqual(state.groups[0]!.color, state.groups[1]!.color);
      for (const [i] of agents.entries()) {
        const tab = state.tabs.find((one) => one.url?.includes(`agent-${i}`));
        const group = state.groups.find((one) => one.id === tab?.groupId);
        assert.match(group?.title ?? '', i ? /Claude Code/ : /Copilot/, JSON.stringify(state));
        assert.equal(tab!.active, false);
      }
      const mine = state.tabs.find((one) => one.url?.includes('?human'));
      assert.deepEqual([mine?.active, mine?.groupId], [true, -1]);
      const strip = await steadyFrame(screen);
      const colours = new Set<number>();
      for (let at = 0; at < strip.data.length; at += 4) colours.add(strip.data.readUInt32BE(at));
      assert.ok(colours.size > 16, `the window's frame is drawn (${colours.size} colours in its top rows)`);
      mkdirSync(IMAGES, { recursive: true });
      writeFileSync(join(IMAGES, 'agents-tab-strip.png'), PNG.sync.write(strip));
    } finally {
      await Promise.all(agents.map(({ transport }) => transport.terminateSession().catch(() => undefined)));
      await Promise.all(agents.map(({ client }) => client.close()));
    }
  });
});

/** An MCP SDK client over Streamable HTTP named `name` in its clientInfo: the agent's name. */
async function joinAs(port: number, name: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
    requestInit: { headers: callerHeaders() },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** The window's top rows once two reads in a row are the same (the tabs stopped loading and drawing). */
async function steadyFrame(screen: VirtualScreen): Promise<PNG> {
  let last = topOf(screen.picture(), FRAME_ROWS);
  let steady: PNG | undefined;
  await until(
    () => {
      const now = topOf(screen.picture(), FRAME_ROWS);
      if (now.data.equals(last.data) && new Set(now.data).size > 2) steady = now;
      last = now;
      return steady !== undefined;
    },
    20_000,
    'a steady tab strip on the virtual screen',
  );
  return steady!;
}
