import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ACTION_TOOLS, describeTarget } from '../../../src/mcp/actionRecorder';
import { TOOLS } from '../../../src/mcp/tools/registry';
import type { AgentActionFrame } from '../../../src/shared/protocol';
import { agentActionFrameSchema } from '../../../src/shared/protocol';
import { call, inMemoryClient, scriptedBrowser, startMcpConnector, type McpTestConnector } from '../../support/mcp';

describe('MCP: every action tool call is recorded for the developer', () => {
  let t: McpTestConnector;
  let client: Client;
  const records: AgentActionFrame[] = [];
  before(async () => {
    t = await startMcpConnector();
    client = await inMemoryClient(t.connector);
    t.connector.services.actionLog.onRecord((record) => records.push(record));
  });
  after(async () => {
    await client.close();
    await t.stop();
  });

  it('records an action that failed (no browser) with its target and outcome, and leaves reading tools out', async () => {
    await call(client, 'navigate_history', { action: 'reload' });
    await call(client, 'list_tabs');
    await call(client, 'get_console_logs');
    assert.equal(records.length, 1);
    const [record] = records;
    assert.deepEqual([record!.tool, record!.target, record!.outcome], ['navigate_history', 'action="reload"', 'error']);
    assert.match(record!.summary, /No browser is connected/);
    assert.ok(agentActionFrameSchema.safeParse(record).success, 'the frame matches its schema');
  });

  it('records a successful action with the selected tab, and select_tab sets the target of later commands', async () => {
    const browser = await scriptedBrowser(t.port, {
      commands: {
        'select-tab': (args) => ({ tabId: args.tabId, url: 'http://localhost:5173/', title: 'Shop' }),
        history: (args) => ({ tabId: args.tabId, url: 'http://localhost:5173/', title: 'Shop' }),
      },
    });
    try {
      await call(client, 'select_tab', { tabId: 7 });
      await call(client, 'navigate_history', { action: 'back' });
      const history = browser.received.find((frame) => frame.name === 'history')!;
      assert.deepEqual(history.args, { action: 'back', tabId: 7 });
      const last = records.at(-1)!;
      assert.deepEqual([last.tool, last.tabId, last.outcome], ['navigate_history', 7, 'ok']);
      assert.match(last.summary, /^Went back to "Shop"/);
    } finally {
      await browser.close();
    }
  });

  it('describes a target in one short line, code cut and last', () => {
    assert.equal(describeTarget({ ref: 'e7', value: 'tea', tabId: undefined }), 'ref="e7" value="tea"');
    const long = describeTarget({ code: 'x'.repeat(500), returnResult: true });
    assert.match(long, /^returnResult=true code="x{80}"$/);
  });

  it('records exactly the tools that act in the browser: the list agrees with the registry', () => {
    const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
    for (const name of ACTION_TOOLS) {
      assert.ok(byName.has(name), `${name} is a tool`);
      assert.equal(byName.get(name)!.annotations?.readOnlyHint, false, `${name} is not read-only`);
    }
    // Every tool that changes the page and reaches beyond it is recorded; a new one must join the list.
    const acting = TOOLS.filter((tool) => tool.annotations?.readOnlyHint === false && tool.annotations?.openWorldHint);
    assert.deepEqual(
      acting.map((tool) => tool.name).filter((name) => !ACTION_TOOLS.has(name)),
      [],
    );
  });
});
