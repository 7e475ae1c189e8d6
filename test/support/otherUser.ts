/**
 * A second local user, as a process of its own: it runs with another state folder (so another secret,
 * never ours) and tries every door of the connector on the port given, printing what each answered
 * as one JSON line. Run with `node --import tsx test/support/otherUser.ts PORT`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocket } from 'ws';
import { secretHeaders, userSecret } from '../../src/connector/trust/userSecret';

const port = Number(process.argv[2]);
const base = `http://127.0.0.1:${port}`;
const own = secretHeaders(userSecret());

async function status(path: string, headers: Record<string, string>, method = 'GET'): Promise<number> {
  return (await fetch(base + path, { method, headers })).status;
}

function upgrade(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

async function mcp(headers: Record<string, string>): Promise<string> {
  const client = new Client({ name: 'other-user', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
    await client.close();
    return 'connected';
  } catch (error) {
    return (error as Error).message;
  }
}

async function main(): Promise<void> {
  const answers = {
    identity: await status('/.identity', {}),
    logsWithout: await status('/console-logs', {}),
    logsWithOwnSecret: await status('/console-logs', own),
    wipeWithOwnSecret: await status('/wipelogs', own, 'POST'),
    codeWithOwnSecret: await status('/pairing/code', own, 'POST'),
    wsWithout: await upgrade('/ws', {}),
    wsWithOwnSecret: await upgrade('/ws', own),
    extensionWsWithout: await upgrade('/extension-ws', {}),
    mcpWithout: await mcp({}),
    mcpWithOwnSecret: await mcp(own),
    refusal: await (await fetch(`${base}/console-logs`)).json(),
  };
  process.stdout.write(JSON.stringify(answers) + '\n');
}

void main();
