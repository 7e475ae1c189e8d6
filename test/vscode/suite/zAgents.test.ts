import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { callerHeaders } from '../../../src/vscode/callerSecret';
import { hostRig, mcpInitialize, until } from './hostRig';

interface Listed {
  agents: { id: number; name: string }[];
  shareAlways: boolean;
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
});
