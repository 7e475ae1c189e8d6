import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Frame } from 'playwright-core';
import { callerHeaders } from '../support/callerSecret';
import { call, textOf } from '../support/mcp';
import { until } from '../support/until';
import { ARTIFACTS, frameWith, runCommand, startUiRig, type UiRig } from './support/uiRig';

/** docs/images only when asked (`BROWSER_DEBUG_PICTURES=docs`); a test run leaves the tree clean. */
const PICTURES =
  process.env.BROWSER_DEBUG_PICTURES === 'docs'
    ? join(__dirname, '..', '..', 'docs', 'images')
    : join(ARTIFACTS, 'pictures');

describe("VS Code UI: two agents in the dashboard's Agent view, each in its own tab group (code-server, the VSIX installed)", function () {
  this.timeout(300_000);
  let rig: UiRig;
  const clients: { client: Client; transport: StreamableHTTPClientTransport }[] = [];

  before(async function () {
    rig = await startUiRig(this);
    mkdirSync(PICTURES, { recursive: true });
  });
  after(async () => {
    for (const { client, transport } of clients)
      await transport.terminateSession().then(
        () => client.close(),
        () => undefined,
      );
    await rig?.stop();
  });

  async function agent(name: string): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${rig.port}/mcp`), {
      requestInit: { headers: callerHeaders() },
    });
    const client = new Client({ name, version: '1.0.0' });
    await client.connect(transport);
    clients.push({ client, transport });
    return client;
  }

  it("shows each agent's actions by name in its group colour; Chrome shows one named tab group per agent", async () => {
    const human = await rig.app.context.newPage();
    await human.goto(`${rig.origin}/index.html?human`);
    await human.bringToFront();
    const [copilot, claude] = await Promise.all([agent('Copilot'), agent('Claude Code')]);
    for (const [client, marker] of [
      [copilot, 'copilot'],
      [claude, 'claude'],
    ] as const) {
      const opened = await call(client, 'new_tab', { url: `${rig.origin}/index.html?${marker}` });
      assert.ok(!opened.isError, textOf(opened));
      const went = await call(client, 'navigate_to_url', { url: `${rig.origin}/index.html?${marker}-2` });
      assert.ok(!went.isError, textOf(went));
    }
    const groups = await rig.app.worker.evaluate(() =>
      chrome.tabGroups.query({}).then((all) => all.map((group) => ({ title: group.title, color: group.color }))),
    );
    assert.deepEqual(groups.map((group) => group.title).sort(), ['Claude Code · 1', 'Copilot · 1']);
    assert.notEqual(groups[0]!.color, groups[1]!.color);

    await runCommand(rig.workbench, 'Browser Debug: Open Dashboard');
    const dashboard: Frame = await frameWith(rig.workbench, '#app vscode-tabs', 'the dashboard webview');
    await dashboard.locator('vscode-tab-header', { hasText: 'Agent' }).click();
    for (const name of ['Copilot · 1', 'Claude Code · 1'])
      await dashboard.locator('.agent-rows .row .agent', { hasText: name }).first().waitFor({ timeout: 20_000 });
    const colours = await dashboard
      .locator('.agent-rows .row .agent')
      .evaluateAll((cells) => [...new Set(cells.map((cell) => (cell as HTMLElement).dataset.colour))]);
    assert.deepEqual(colours.sort(), groups.map((group) => group.color).sort());
    await until(
      async () => (await dashboard.locator('.agent-filter vscode-option').count()) === 3,
      10_000,
      'the filter lists both agents',
    );
    await rig.workbench.screenshot({ path: join(PICTURES, 'vscode-agents-dashboard.png') });
  });
});
