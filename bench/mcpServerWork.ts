/**
 * The MCP server's own work for get_console_logs, without HTTP: 10k console entries stored (the same
 * entries bench/mcp.ts sends), the SDK client over an in-memory transport, median of 500 calls after 100.
 * On a busy machine this moves far less than the HTTP figures, so it is the one to compare changes with.
 * Usage: node --import tsx bench/mcpServerWork.ts   (prints figures; not a test)
 */
import { connectFakeBrowser } from '../test/support/connector';
import { feed, inMemoryClient, startMcpConnector } from '../test/support/mcp';
import { runBench } from './connectorProcess';

const STORED = 10_000;
const CALLS = 600;
const WARM_UP = 100;

async function main(): Promise<void> {
  const t = await startMcpConnector();
  const browser = await connectFakeBrowser(t.port);
  try {
    const events = Array.from({ length: STORED }, (_, i) => ({
      type: 'console-log',
      level: i % 20 === 0 ? 'error' : 'log',
      message: `checkout step ${i} finished in ${i % 97} ms for cart 4f2a`,
      timestamp: Date.now(),
      url: 'http://localhost:5173/checkout',
      source: 'http://localhost:5173/src/checkout/cart.ts:120:15',
    }));
    await feed(t.connector, browser, events);
    const client = await inMemoryClient(t.connector);
    console.log(
      `MCP server work: ${STORED.toLocaleString('en-US')} stored, in-memory transport, median of ${CALLS - WARM_UP} calls (node ${process.version})`,
    );
    for (const args of [{}, { limit: 1000 }, { level: 'error' }]) {
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const start = performance.now();
        await client.callTool({ name: 'get_console_logs', arguments: args });
        times.push(performance.now() - start);
      }
      const sorted = times.slice(WARM_UP).sort((a, b) => a - b);
      console.log(
        `get_console_logs ${JSON.stringify(args)}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)} ms`,
      );
    }
    await client.close();
  } finally {
    await browser.close();
    await t.stop();
  }
}

runBench(main);
