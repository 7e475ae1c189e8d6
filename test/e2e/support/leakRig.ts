import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Page } from 'playwright-core';
import { post } from '../../support/http';
import { httpClient, startMcpConnector, type McpTestConnector } from '../../support/mcp';
import { connectExtension, EXTENSION_DIR, launchWithExtension, requireChromium, type TestBrowser } from './chromium';

export interface LeakRig {
  connector: McpTestConnector;
  browser: TestBrowser;
  page: Page;
  mcp: Client;
  recordingsDir: string;
  /** Imports a DevTools Recorder flow; answers its recording id. */
  importFlow(flow: object): Promise<string>;
  findLeaks(args: Record<string, unknown>): Promise<CallToolResult>;
}

/** A DevTools Recorder flow: load the page, then open and close a panel (what each iteration repeats). */
export function openCloseFlow(url: string, panel: string) {
  return {
    title: 'open and close a panel',
    steps: [
      {
        type: 'setViewport',
        width: 1000,
        height: 700,
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        isLandscape: false,
      },
      { type: 'navigate', url },
      { type: 'click', selectors: [['#open']], offsetX: 5, offsetY: 5 },
      { type: 'waitForElement', selectors: [[panel]] },
      { type: 'click', selectors: [['#close']], offsetX: 5, offsetY: 5 },
    ],
  };
}

/**
 * Mocha hooks: Chromium with our extension and its DevTools port open (Chrome gives extensions no
 * HeapProfiler, so the connector takes heap snapshots over that port), a connector told the port, a tab
 * and an MCP client.
 */
export function leakRig(): LeakRig {
  const rig = {} as LeakRig;
  before(async function () {
    const executable = requireChromium(this);
    rig.recordingsDir = mkdtempSync(join(tmpdir(), 'bd-leaks-'));
    rig.browser = await launchWithExtension(executable, EXTENSION_DIR, ['--remote-debugging-port=0']);
    const port = readFileSync(join(rig.browser.profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
    rig.connector = await startMcpConnector({
      recordings: { dir: rig.recordingsDir },
      audits: { debuggingEndpoint: `http://127.0.0.1:${port}` },
    });
    await connectExtension(rig.browser.worker, rig.connector.port);
    rig.page = await rig.browser.context.newPage();
    rig.mcp = (await httpClient(rig.connector.port)).client;
    rig.importFlow = async (flow) => {
      const imported = await post(rig.connector.port, '/recordings/import', { flow });
      if (imported.status !== 200) throw new Error(imported.text);
      return imported.json.id as string;
    };
    rig.findLeaks = (args) =>
      rig.mcp.callTool({ name: 'find_leaks', arguments: args }, undefined, {
        timeout: 300_000,
      }) as Promise<CallToolResult>;
  });
  after(async () => {
    await rig.mcp?.close();
    await rig.browser?.close();
    await rig.connector?.stop();
    if (rig.recordingsDir) rmSync(rig.recordingsDir, { recursive: true, force: true });
  });
  return rig;
}
