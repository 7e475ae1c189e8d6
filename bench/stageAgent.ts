/**
 * One agent of bench:agents:stages in its own process, as real agents are (each MCP client is its own program):
 * four clients in one Node process would share one event loop, a serial hop of the bench's own making.
 * Started with IPC and `PORT`, `URL`, `CALLS`; opens its tab, then on `{stage}` makes CALLS calls of that stage
 * and answers `{times}`; on `{close}` ends its session and exits.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callerHeaders } from '../test/support/callerSecret';
import { STAGES } from './agentStageList';
import { toolText } from './toolText';

export type ToAgent = { type: 'stage'; name: string } | { type: 'close' };
export type FromAgent = { type: 'ready' } | { type: 'times'; times: number[] };

async function main(): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${process.env.PORT}/mcp`), {
    requestInit: { headers: callerHeaders() },
  });
  const client = new Client({ name: 'Stages', version: '1' });
  await client.connect(transport);
  await toolText(client, 'new_tab', { url: process.env.URL! });
  const snapshot = await toolText(client, 'take_snapshot', {});
  const send = (message: FromAgent) => process.send!(message);
  process.on('message', (message: ToAgent) => {
    if (message.type === 'close')
      return void transport
        .terminateSession()
        .then(() => client.close())
        .finally(() => process.exit(0));
    const stage = STAGES.find((one) => one.name === message.name)!;
    void (async () => {
      const times: number[] = [];
      for (let i = 0; i < Number(process.env.CALLS); i++) {
        const started = performance.now();
        await toolText(client, stage.tool, stage.args(snapshot));
        times.push(performance.now() - started);
      }
      send({ type: 'times', times });
    })();
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
