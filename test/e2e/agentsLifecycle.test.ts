import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { get, request } from '../support/http';
import { call, sseClient, textOf } from '../support/mcp';
import { agentsRig, openedTab } from './support/agentsRig';
import { until } from './support/chromium';

/** Short enough for a test, long enough that no call in a case goes idle (the default is an hour). */
const IDLE_MS = 2000;

describe('many agents: a session that ends without DELETE (SSE stream closed, Streamable HTTP client gone) releases what DELETE does (real Chromium)', function () {
  this.timeout(120_000);
  const rig = agentsRig({ idleMs: IDLE_MS });

  const tabGone = (tabId: number) =>
    rig.browser.worker.evaluate(
      (id) =>
        chrome.tabs.get(id).then(
          () => false,
          () => true,
        ),
      tabId,
    );
  const darkScheme = () => rig.human.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const mockCount = async () => ((await get(rig.connector.port, '/network-mocks')).json.mocks as unknown[]).length;
  const agentNames = async () =>
    ((await get(rig.connector.port, '/agents')).json.agents as { name: string }[]).map((agent) => agent.name);

  it("closing the SSE stream closes the tabs the agent opened, ends its mocks and its emulation in the developer's tab, and leaves that tab open", async () => {
    const before = await rig.human.evaluate(() => document.body.innerHTML);
    let client: Client | undefined = await sseClient(rig.connector.port);
    try {
      // Alone, the agent may act in the developer's active tab: it emulates a dark scheme there.
      const emulated = await call(client, 'emulate', { colorScheme: 'dark' });
      assert.equal(emulated.isError, undefined, textOf(emulated));
      assert.equal(await darkScheme(), true);
      const opened = await call(client, 'new_tab', { url: `${rig.app.origin}/?sse-agent` });
      const tabId = openedTab(textOf(opened));
      const mocked = await call(client, 'mock_network', { url: '*/api/*', action: 'block' });
      assert.equal(mocked.isError, undefined, textOf(mocked));
      assert.equal(await mockCount(), 1);
      assert.ok((await agentNames()).includes('test-sse · 1'));

      await client.close();
      client = undefined;
      await until(() => tabGone(tabId), 10_000, "the SSE agent's tab closed");
      await until(async () => (await mockCount()) === 0, 5000, "the SSE agent's mock ended");
      await until(async () => !(await darkScheme()), 5000, "the emulation in the developer's tab ended");
      assert.ok(!(await agentNames()).includes('test-sse · 1'));
      assert.equal(rig.human.isClosed(), false);
      assert.equal(await rig.human.evaluate(() => document.body.innerHTML), before);
    } finally {
      await client?.close();
    }
  });

  it('a Streamable HTTP client that goes without DELETE is closed at the idle timeout: its tab closes, its mock ends, and its session id gets a clear 404', async () => {
    const leaver = await rig.join('Leaver');
    const opened = await leaver.tool('new_tab', { url: `${rig.app.origin}/?leaver` });
    const tabId = openedTab(opened.text);
    assert.equal((await leaver.tool('mock_network', { url: '*/api/*', action: 'block' })).isError, false);
    assert.equal(await mockCount(), 1);
    const sessionId = leaver.transport.sessionId!;
    // The client goes away: no DELETE, the session just stops being used.
    await leaver.transport.close();
    assert.equal(await tabGone(tabId), false, 'a gone client is not closed before the idle timeout');

    await until(() => tabGone(tabId), 20_000, "the idle agent's tab closed");
    await until(async () => (await mockCount()) === 0, 5000, "the idle agent's mock ended");
    assert.ok(!(await agentNames()).includes('Leaver · 1'));
    const again = await request(rig.connector.port, 'POST', '/mcp', {
      headers: { 'mcp-session-id': sessionId, accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    assert.equal(again.status, 404);
    assert.match(again.json.error.message, /Session not found.*Start a new session with initialize/);
    assert.equal(rig.human.isClosed(), false);
  });
});
