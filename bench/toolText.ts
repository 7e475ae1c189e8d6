import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool's text answer; an `isError` answer throws, so a bench never times a failure. */
export async function toolText(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((item) => (item.type === 'text' ? item.text : '')).join('\n');
  if (result.isError) throw new Error(`${name}: ${text.slice(0, 500)}`);
  return text;
}
