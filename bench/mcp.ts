/**
 * MCP benchmark: `tools/call get_console_logs` over Streamable HTTP with 10k console entries stored.
 * Runs the standalone connector (dist/cli.js) in its own process; the client is the MCP SDK's own.
 * Usage: npm run bench:mcp   (prints figures; not a test)
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocket } from 'ws';
import { startConnector } from './connectorProcess';
import { median } from './median';
import { callerHeaders } from '../test/support/callerSecret';

const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 5);
const PER_WINDOW = Number(process.env.BENCH_PER_WINDOW ?? 300);
const STORED = 10_000;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** 10k realistic entries through /extension-ws, as the browser extension sends them; resolves once all are stored. */
async function fill(port: number): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, { headers: callerHeaders() });
  await new Promise((done, fail) => (ws.once('open', done), ws.once('error', fail)));
  ws.send(JSON.stringify({ type: 'hello', protocolVersion: 1, client: 'bench' }));
  for (let sent = 0; sent < STORED; sent += 500) {
    const events = Array.from({ length: 500 }, (_, i) => ({
      type: 'console-log',
      level: (sent + i) % 20 === 0 ? 'error' : 'log',
      message: `checkout step ${sent + i} finished in ${(sent + i) % 97} ms for cart 4f2a`,
      timestamp: Date.now(),
      url: 'http://localhost:5173/checkout',
      source: 'http://localhost:5173/src/checkout/cart.ts:120:15',
    }));
    ws.send(JSON.stringify({ type: 'batch', events }));
  }
  // Frames are handled in order: the heartbeat's answer means every batch before it is stored.
  await new Promise<void>((done) => {
    ws.on('message', (data: Buffer) => JSON.parse(data.toString()).type === 'heartbeat' && done());
    ws.send(JSON.stringify({ type: 'heartbeat' }));
  });
  ws.close();
}

/** p50 and p99 per window of sequential calls after a warm-up; the median window is reported. */
async function latencies(
  client: Client,
  args: Record<string, unknown>,
): Promise<{ p50: number; p99: number; chars: number }> {
  let chars = 0;
  const once = async () => {
    const start = performance.now();
    const result = (await client.callTool({ name: 'get_console_logs', arguments: args })) as {
      content: { text?: string }[];
    };
    chars = result.content[0]?.text?.length ?? 0;
    return performance.now() - start;
  };
  for (let i = 0; i < 200; i++) await once();
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let w = 0; w < WINDOWS; w++) {
    const samples: number[] = [];
    for (let i = 0; i < PER_WINDOW; i++) samples.push(await once());
    p50s.push(percentile(samples, 50));
    p99s.push(percentile(samples, 99));
  }
  return { p50: median(p50s), p99: median(p99s), chars };
}

async function main(): Promise<void> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = await startConnector(port);
  try {
    await fill(port);
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: callerHeaders() },
      }),
    );
    const rows: [string, string][] = [];
    for (const args of [{}, { limit: 1000 }, { level: 'error' }]) {
      const { p50, p99, chars } = await latencies(client, args);
      rows.push([
        `get_console_logs ${JSON.stringify(args)}: p50 / p99 (ms), answer chars`,
        `${p50.toFixed(2)} / ${p99.toFixed(2)}, ${chars}`,
      ]);
    }
    await client.close();
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(
      `\nMCP benchmark: ${STORED.toLocaleString('en-US')} stored, Streamable HTTP, ${WINDOWS} windows of ${PER_WINDOW} calls (node ${process.version}, ${new Date().toISOString()})`,
    );
    for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
  } finally {
    child.kill('SIGINT');
  }
}

void main();
