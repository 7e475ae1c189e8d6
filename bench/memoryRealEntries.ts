/**
 * The "real entries" memory workload: 300,000 console entries (messages of about 400 characters, with frames
 * and stacks) and 40,000
 * network entries (10 headers each way, 2 KB response bodies) sent over /extension-ws as the browser
 * extension sends them (numbered batches of 500, each acked before the next), into a connector at its default
 * caps. Prints the process's RSS before and after, and where it goes (V8 heap, external, array buffers).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { rssMb, startOurs, stopServer, type Server } from './peers';
import { callerHeaders } from '../test/support/callerSecret';

const CONSOLE_ENTRIES = 300_000;
const NETWORK_ENTRIES = 40_000;
const BATCH = 500;
const MB = 1024 * 1024;

const STACK = Array.from(
  { length: 4 },
  (_, i) => `    at render${i} (http://localhost:5173/src/components/Cart.tsx:${40 + i}:${9 + i})`,
).join('\n');
const headers = (prefix: string) =>
  Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`${prefix}-${i}`, `value-${i}-${'h'.repeat(24)}`]));
const BODY = JSON.stringify({
  rows: Array.from({ length: 24 }, (_, i) => ({ id: i, name: `product ${i}`, text: 'd'.repeat(50) })),
}).slice(0, 2048);

const FRAMES = Array.from({ length: 4 }, (_, i) => ({
  functionName: `render${i}`,
  url: 'http://localhost:5173/src/components/Cart.tsx',
  line: 40 + i,
  column: 9 + i,
}));

/** As the extension sends a console call: a message of about 400 characters, its frames, source and stack. */
function consoleEntry(i: number): Record<string, unknown> {
  const message = `cart updated #${i}: 3 items, total 129.90 EUR, coupon SPRING, user 81723 (guest), session 4f2a; `;
  return {
    type: 'console-log',
    level: i % 10 ? 'log' : 'warn',
    message: message.repeat(5).slice(0, 400),
    url: 'http://localhost:5173/checkout',
    source: 'http://localhost:5173/src/components/Cart.tsx:40:9',
    frames: FRAMES,
    stack: STACK,
    timestamp: Date.now(),
  };
}

function networkEntry(i: number): Record<string, unknown> {
  return {
    type: 'network-request',
    method: i % 3 ? 'GET' : 'POST',
    url: `http://localhost:5173/api/cart/${i}?session=4f2a`,
    status: 200,
    resourceType: 'fetch',
    duration: 12 + (i % 50),
    timestamp: Date.now(),
    requestHeaders: headers('x-request'),
    responseHeaders: headers('x-response'),
    responseBody: BODY,
  };
}

/** Sends `count` events in numbered batches over one /extension-ws socket, each acked before the next. */
async function send(port: number, count: number, make: (i: number) => Record<string, unknown>): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, { headers: callerHeaders() });
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  let seq = 0;
  for (let start = 0; start < count; start += BATCH) {
    const batchSeq = ++seq;
    const acked = new Promise<void>((done) => {
      const onMessage = (data: Buffer) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'ack' && frame.batchSeq === batchSeq) {
          socket.off('message', onMessage);
          done();
        }
      };
      socket.on('message', onMessage);
    });
    const events = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => make(start + i));
    socket.send(JSON.stringify({ type: 'batch', batchSeq, events }));
    await acked;
  }
  socket.close();
}

interface Usage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

async function usage(server: Server, file: string): Promise<{ before: Usage; after: Usage }> {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  while (!existsSync(file)) await new Promise((done) => setTimeout(done, 20));
  await new Promise((done) => setTimeout(done, 50));
  return JSON.parse(readFileSync(file, 'utf8'));
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function realEntriesWorkload(): Promise<string[]> {
  const file = join(tmpdir(), `bd-bench-mem-${process.pid}.json`);
  process.env.BENCH_MEM_FILE = file;
  const server = await startOurs(undefined, ['--expose-gc', '-r', resolve(__dirname, 'memoryReport.cjs')]);
  try {
    await new Promise((done) => setTimeout(done, 2000));
    const idle = rssMb(server.child.pid!);
    await send(server.port, CONSOLE_ENTRIES, consoleEntry);
    await send(server.port, NETWORK_ENTRIES, networkEntry);
    await new Promise((done) => setTimeout(done, 2000));
    const full = rssMb(server.child.pid!);
    const { before, after } = await usage(server, file);
    const gcd = rssMb(server.child.pid!);
    const sample = (make: (i: number) => Record<string, unknown>) => Buffer.byteLength(JSON.stringify(make(1)));
    return [
      `Real entries over /extension-ws: ${CONSOLE_ENTRIES.toLocaleString('en-US')} console entries (${sample(consoleEntry)} bytes of JSON each) and ${NETWORK_ENTRIES.toLocaleString('en-US')} network entries (${sample(networkEntry)} bytes each), default caps`,
      `| RSS idle | RSS after | Growth (goal ≤ 150 MB) | Peak RSS | RSS after a full GC |`,
      `|---|---|---|---|---|`,
      `| ${idle.toFixed(0)} MB | ${full.toFixed(0)} MB | **${(full - idle).toFixed(0)} MB** | ${rssMb(server.child.pid!, 'VmHWM').toFixed(0)} MB | ${gcd.toFixed(0)} MB |`,
      `Where it goes (process.memoryUsage, before → after a full GC): V8 heap ${mb(before.heapUsed)} used of ${mb(before.heapTotal)} → ${mb(after.heapUsed)} of ${mb(after.heapTotal)}; external ${mb(before.external)} → ${mb(after.external)}, of which array buffers (the store's chunks) ${mb(before.arrayBuffers)} → ${mb(after.arrayBuffers)}`,
    ];
  } finally {
    await stopServer(server);
    rmSync(file, { force: true });
  }
}

if (require.main === module)
  realEntriesWorkload().then(
    (lines) => console.log(lines.join('\n')),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
