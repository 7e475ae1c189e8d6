import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ACTION_TOOLS, describeTarget } from '../../../src/mcp/actionRecorder';
import { TOOLS } from '../../../src/mcp/tools/registry';
import type { AgentActionFrame } from '../../../src/shared/wireFrames';
import { agentActionFrameSchema } from '../../../src/shared/wireFrames';
import { TestSocket } from '../../support/wsClient';
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
      assert.match(last.summary, /^Went back to tab 7; the page reached "load"/, 'the summary holds no page text');
    } finally {
      await browser.close();
    }
  });

  it('never logs, streams or keeps what fill and type_text typed into a secret field: [secret, N chars]', async () => {
    const live = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    let secret: boolean | undefined;
    const browser = await scriptedBrowser(t.port, {
      commands: {
        act: () => ({
          tabId: 3,
          navigated: false,
          busy: false,
          settledMs: 5,
          failedRequests: [],
          ...(secret === undefined ? {} : { secretField: secret }),
        }),
      },
    });
    const password = 'hunter2-correct-horse';
    try {
      secret = true;
      await call(client, 'fill', { ref: 'e3', value: password });
      await call(client, 'type_text', { text: password, ref: 'e4' });
      secret = undefined; // an older extension that does not say: treated as secret
      await call(client, 'fill', { ref: 'e5', value: password });
      secret = false;
      await call(client, 'fill', { ref: 'e6', value: 'tea' });
    } finally {
      await browser.close();
    }
    const typed = records.filter((record) => record.tool === 'fill' || record.tool === 'type_text');
    assert.deepEqual(
      typed.map((record) => record.target),
      [
        `ref="e3" value=[secret, ${password.length} chars]`,
        `text=[secret, ${password.length} chars] ref="e4"`,
        `ref="e5" value=[secret, ${password.length} chars]`,
        'ref="e6" value="tea"',
      ],
    );
    // Each record names the agent (MCP session) that acted, for the dashboard's per-agent view.
    assert.match(String(typed[0]!.agent?.name), /^test-\S+ · \d+$/);
    assert.ok(typed.every((record) => record.agent?.id === typed[0]!.agent?.id));
    await live.next((frame) => frame.type === 'agent-action' && String(frame.target).includes('"e6"'));
    const streamed = JSON.stringify(live.frames);
    const kept = JSON.stringify(t.connector.services.actionLog.recent());
    for (const text of [streamed, kept]) assert.ok(!text.includes('hunter2'), 'the password is nowhere');
    // A dashboard opened later is replayed the same records.
    const late = await TestSocket.open(`ws://127.0.0.1:${t.port}/ws`);
    await late.next((frame) => frame.type === 'agent-action' && String(frame.target).includes('"e6"'));
    assert.ok(!JSON.stringify(late.frames).includes('hunter2'));
    await late.close();
    await live.close();
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
