import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { callerHeaders } from '../../../src/vscode/callerSecret';
import { hostRig, mcpInitialize, until } from './hostRig';

interface Listed {
  agents: { id: number; name: string; tabs: number[] }[];
  shareAlways: boolean;
}

/** A JSON-RPC message of an open MCP session, POSTed as its client would; the whole answer read. */
async function mcpPost(port: number, session: string, message: object): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: {
      ...callerHeaders(),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  return response.text();
}

describe('Browser Debug in VS Code: agents', () => {
  const rig = hostRig();
  const agents = async (): Promise<Listed> =>
    (await (await fetch(`http://127.0.0.1:${rig.port}/agents`, { headers: callerHeaders() })).json()) as Listed;

  it('names an MCP session after its client, and "Stop Agent" ends it (browserDebug.stopAgent)', async () => {
    const response = await mcpInitialize(`http://127.0.0.1:${rig.port}/mcp`, callerHeaders(), 'Suite Agent');
    const session = response.headers.get('mcp-session-id')!;
    await response.text();
    await fetch(`http://127.0.0.1:${rig.port}/mcp`, {
      method: 'POST',
      headers: {
        ...callerHeaders(),
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    let agent: { id: number; name: string } | undefined;
    await until(
      async () => !!(agent = (await agents()).agents.find((each) => each.name === 'Suite Agent · 1')),
      5000,
      'the agent named after its client',
    );
    assert.equal((await agents()).shareAlways, false, 'browserDebug.agents.shareAlways defaults to off');
    await vscode.commands.executeCommand('browserDebug.stopAgent', agent!.id);
    assert.equal(
      (await agents()).agents.some((each) => each.id === agent!.id),
      false,
    );
  });

  it("filters the Problems panel to one agent's tabs, follows a tab it opens later, and back to all (browserDebug.filterProblemsByAgent)", async () => {
    const agentTab = 71;
    let nextTab = agentTab;
    rig.browser.answer('new-tab', (args) => ({ tabId: nextTab++, groupId: 5, url: args.url, title: 'Plain' }));
    rig.browser.answer('close-tabs', (args) => ({ closed: args.tabIds }));
    const response = await mcpInitialize(`http://127.0.0.1:${rig.port}/mcp`, callerHeaders(), 'Problem Agent');
    const session = response.headers.get('mcp-session-id')!;
    await response.text();
    await mcpPost(rig.port, session, { method: 'notifications/initialized' });
    const opened = await mcpPost(rig.port, session, {
      id: 2,
      method: 'tools/call',
      params: { name: 'new_tab', arguments: { url: `${rig.origin}/plain.html` } },
    });
    assert.match(opened, new RegExp(`Opened tab ${agentTab} `));
    const agent = (await agents()).agents.find((each) => each.name === 'Problem Agent · 1')!;
    assert.deepEqual(agent.tabs, [agentTab]);

    const failure = (message: string, tabId: number, line: number) => ({
      type: 'console-error',
      message,
      timestamp: Date.now(),
      tabId,
      frames: [{ url: `${rig.origin}/plain.js`, line, column: 9 }],
    });
    rig.browser.send([
      failure('Uncaught Error: the agent broke it', agentTab, 3),
      failure('Uncaught Error: the developer broke it', 1, 4),
    ]);
    const uri = vscode.Uri.file(join(rig.folder, 'plain.js'));
    const shown = () =>
      vscode.languages
        .getDiagnostics(uri)
        .map((item) => item.message)
        .filter((message) => / broke it/.test(message))
        .sort();
    const both = ['Uncaught Error: the agent broke it', 'Uncaught Error: the developer broke it'];
    await until(() => shown().length === 2, 10_000, 'both problems');
    await vscode.commands.executeCommand('browserDebug.filterProblemsByAgent', agent.id);
    assert.deepEqual(shown(), ['Uncaught Error: the agent broke it']);

    // A tab the agent opens after the filter was picked shows its problems too; the developer's still do not.
    const second = await mcpPost(rig.port, session, {
      id: 3,
      method: 'tools/call',
      params: { name: 'new_tab', arguments: { url: `${rig.origin}/plain.html?second` } },
    });
    assert.match(second, new RegExp(`Opened tab ${agentTab + 1} `));
    rig.browser.send([
      failure('Uncaught Error: the developer broke it again', 1, 5),
      failure('Uncaught Error: the agent broke its second tab', agentTab + 1, 6),
    ]);
    const filtered = ['Uncaught Error: the agent broke it', 'Uncaught Error: the agent broke its second tab'];
    await until(() => shown().length === 2, 10_000, "the agent's second tab's problem");
    assert.deepEqual(shown(), filtered);

    await vscode.commands.executeCommand('browserDebug.filterProblemsByAgent', 'all');
    assert.deepEqual(
      shown(),
      [
        ...both,
        'Uncaught Error: the agent broke its second tab',
        'Uncaught Error: the developer broke it again',
      ].sort(),
    );
    await vscode.commands.executeCommand('browserDebug.stopAgent', agent.id);
  });
});
