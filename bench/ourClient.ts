import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callerHeaders } from '../test/support/callerSecret';

/** An MCP client (an agent) on the connector at `port`; `close` ends its session (DELETE), so its tabs close. */
export async function connectOurs(
  port: string | number,
  name: string,
): Promise<{ client: Client; close(): Promise<void> }> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
    requestInit: { headers: callerHeaders() },
  });
  const client = new Client({ name, version: '1' });
  await client.connect(transport);
  return { client, close: () => transport.terminateSession().then(() => client.close()) };
}

/** `e12 button "Sign in"`: the ref on the first line of our snapshot that matches `pattern`. */
export function ourRef(snapshot: string, pattern: RegExp): string {
  const ref = snapshot
    .split('\n')
    .find((line) => pattern.test(line))
    ?.match(/^\s*(e\d+) /)?.[1];
  if (!ref) throw new Error(`Browser Debug: no ref for ${pattern} in\n${snapshot.slice(0, 1500)}`);
  return ref;
}
