/**
 * One agent of bench:agents in its own process (agentProcess.ts), as real agents are. `SIDE=ours` connects to
 * the connector on `PORT`; `SIDE=peer` starts chrome-devtools-mcp (`PEER_BIN`) attached to the browser at
 * `ENDPOINT`, working on the page it opens. Asked a marker, it runs the shop flow on `ORIGIN` and answers its times.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ours, shopFlow, theirs, type FlowTimes } from './agentFlow';
import { serveAgent } from './agentProcess';
import { attachPeer } from './chromeDevtoolsMcp';
import { connectOurs } from './ourClient';

async function connect(): Promise<{ client: Client; close(): Promise<void> }> {
  if (process.env.SIDE === 'ours') return connectOurs(process.env.PORT!, 'Bench');
  // Each client works on the page it opened (its selected page), as one agent per page would.
  const client = await attachPeer(process.env.PEER_BIN!, process.env.ENDPOINT!, process.execPath, [
    '--no-page-id-routing',
  ]);
  return { client, close: () => client.close() };
}

serveAgent<string, FlowTimes>(async () => {
  const { client, close } = await connect();
  const flow = process.env.SIDE === 'ours' ? ours(client) : theirs(client);
  return { close, answer: (marker) => shopFlow(flow, process.env.ORIGIN!, marker) };
});
