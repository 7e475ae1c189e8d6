/**
 * An editor without VS Code's MCP provider API (Cursor, Windsurf, older VSCodium): code-server with the API
 * hidden (BROWSER_DEBUG_HIDE_MCP_API=1, read by src/vscode/mcpApi.ts). The extension offers to write the
 * editor's own MCP configuration, says what it wrote, and the written entry starts as an MCP client would
 * start it. *Set Up MCP for…* writes another client's file through the same code path.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parse as parseJsonc } from 'jsonc-parser';
import type { Page } from 'playwright-core';
import { runCommand, startUiRig, type UiRig } from './support/uiRig';

type Entry = { type?: string; command: string; args: string[]; env?: Record<string, string> };

describe('VS Code UI: no MCP provider API (code-server with it hidden): the editor’s own MCP configuration', function () {
  this.timeout(300_000);
  let rig: UiRig;
  let workbench: Page;

  before(async function () {
    rig = await startUiRig(this, { connect: false, env: { BROWSER_DEBUG_HIDE_MCP_API: '1' } });
    workbench = rig.workbench;
  });
  after(async () => {
    await rig?.stop();
  });

  const toast = (text: string | RegExp) => workbench.locator('.notification-toast', { hasText: text }).first();

  /** Starts the entry exactly as written, with no PATH, and lists the tools of the extension's connector. */
  async function startAsWritten(entry: Entry): Promise<string[]> {
    assert.ok(isAbsolute(entry.command), entry.command);
    const mcp = new Client({ name: 'fallback-test', version: '1' });
    await mcp.connect(
      new StdioClientTransport({
        command: entry.command,
        args: entry.args,
        env: {
          HOME: join(rig.server.dir, 'home'),
          // The run's state folder (support/isolatedState.cjs): the entry reads this user's secret there.
          XDG_STATE_HOME: process.env.XDG_STATE_HOME!,
          BROWSER_DEBUG_PORT: String(rig.port),
          ...entry.env,
        },
        stderr: 'ignore',
      }),
    );
    try {
      return (await mcp.listTools()).tools.map((tool) => tool.name);
    } finally {
      await mcp.close();
    }
  }

  it('offers to write the editor’s mcp.json, writes it on "Write Configuration", says where, and it starts', async () => {
    const offer = toast('does not let extensions offer MCP servers');
    await offer.waitFor({ timeout: 60_000 });
    await offer.locator('.monaco-button', { hasText: 'Write Configuration' }).click();
    const file = join(rig.server.dir, 'data', 'User', 'mcp.json');
    await toast(
      /Created .*mcp\.json with the "browser-debug" MCP server for VS Code \(mcp\.json\) \(user scope\)/,
    ).waitFor({
      timeout: 30_000,
    });
    const entry = (parseJsonc(readFileSync(file, 'utf8')) as { servers: Record<string, Entry> }).servers[
      'browser-debug'
    ]!;
    assert.equal(entry.type, 'stdio');
    assert.match(entry.args[0]!, /mcp-launcher\.cjs$/, 'the stable launcher, which survives updates');
    assert.ok((await startAsWritten(entry)).includes('screenshot_capture'));
  });

  it('"Set Up MCP for…" → Cursor → User writes ~/.cursor/mcp.json and says so', async () => {
    await runCommand(workbench, 'Browser Debug: Set Up MCP for…');
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'Cursor' }).first().click();
    await workbench.locator('.quick-input-list .monaco-list-row', { hasText: 'User' }).first().click();
    await toast(/Created .*\.cursor\/mcp\.json with the "browser-debug" MCP server for Cursor \(user scope\)/).waitFor({
      timeout: 30_000,
    });
    const file = join(rig.server.dir, 'home', '.cursor', 'mcp.json');
    const entry = (parseJsonc(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers[
      'browser-debug'
    ]!;
    assert.ok((await startAsWritten(entry)).includes('screenshot_capture'));
  });
});
