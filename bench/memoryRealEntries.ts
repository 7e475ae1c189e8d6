/**
 * The "real entries" memory workload: 300,000 console entries (messages of about 400 characters, with frames
 * and stacks) and 40,000
 * network entries (10 headers each way, 2 KB response bodies) sent over /extension-ws as the browser
 * extension sends them (numbered batches of 500, each acked before the next), into a connector at its default
 * caps, journal on, from a clean state folder. Prints the process's RSS idle, settled (no GC forced), peak and
 * after a forced GC, and where it goes (V8 heap, external, array buffers); then the same after a restart that
 * restores the journal.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { collectGarbage, MEMORY_PROBE_FLAGS, settle } from './memoryProbe';
import { randomPort, rssMb, startOurs, stopServer, type Server } from './peers';
import { secretHeaders, userSecret, userSecretFile } from '../src/connector/trust/userSecret';

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
async function send(
  port: number,
  count: number,
  make: (i: number) => Record<string, unknown>,
  caller: Record<string, string>,
): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, { headers: caller });
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

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const fixed = (n: number) => n.toFixed(0);

interface Figures {
  idle: number;
  settled: number;
  peak: number;
  gc: Awaited<ReturnType<typeof collectGarbage>>;
}

/** RSS idle, settled after `load` (no GC forced), peak, and after a forced full GC. */
async function measure(server: Server, load: () => Promise<void>, idle: number): Promise<Figures> {
  await load();
  await settle();
  const settled = rssMb(server.child.pid!);
  const peak = rssMb(server.child.pid!, 'VmHWM');
  return { idle, settled, peak, gc: await collectGarbage(server) };
}

function row(label: string, f: Figures): string {
  return `| ${label} | ${fixed(f.idle)} MB | ${fixed(f.settled)} MB | **${fixed(f.settled - f.idle)} MB** | ${fixed(f.peak)} MB | ${fixed(f.gc.rssAfterGc)} MB (growth ${fixed(f.gc.rssAfterGc - f.idle)} MB) |`;
}

function where(f: Figures): string {
  const { before, after } = f.gc;
  return `V8 heap ${mb(before.heapUsed)} used of ${mb(before.heapTotal)} → ${mb(after.heapUsed)} of ${mb(after.heapTotal)}; external ${mb(before.external)} → ${mb(after.external)}, of which array buffers (the store's chunks, the journal's buffer) ${mb(before.arrayBuffers)} → ${mb(after.arrayBuffers)}`;
}

/**
 * From a clean state folder (its own XDG_STATE_HOME, so the journal starts empty): the workload, then a
 * restart on the same port, which restores the journal the first run left, measured the same way.
 */
export async function realEntriesWorkload(): Promise<string[]> {
  const state = mkdtempSync(join(tmpdir(), 'bd-bench-state-'));
  const port = randomPort();
  const start = () => startOurs(port, MEMORY_PROBE_FLAGS, { XDG_STATE_HOME: state });
  const caller = secretHeaders(userSecret(userSecretFile({ XDG_STATE_HOME: state })));
  const journal = join(state, 'browser-debug', 'journal', `connector-${port}.jsonl`);
  try {
    let server = await start();
    let fresh: Figures;
    try {
      await settle();
      const load = async () => {
        await send(server.port, CONSOLE_ENTRIES, consoleEntry, caller);
        await send(server.port, NETWORK_ENTRIES, networkEntry, caller);
      };
      fresh = await measure(server, load, rssMb(server.child.pid!));
    } finally {
      await stopServer(server);
    }
    const journalBytes = statSync(journal).size;
    // A restart restores before the port opens: measured from the process's first moment is not possible,
    // so the idle figure is the fresh process's (same binary, same flags).
    server = await start();
    let restored: Figures;
    try {
      restored = await measure(server, async () => {}, fresh.idle);
    } finally {
      await stopServer(server);
    }
    const sample = (make: (i: number) => Record<string, unknown>) => Buffer.byteLength(JSON.stringify(make(1)));
    return [
      `Real entries over /extension-ws (load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(
          ' ',
        )}): ${CONSOLE_ENTRIES.toLocaleString('en-US')} console entries (${sample(consoleEntry)} bytes of JSON each) and ${NETWORK_ENTRIES.toLocaleString('en-US')} network entries (${sample(networkEntry)} bytes each), default caps, journal on, from a clean state folder; then a restart that restores the journal it left (${mb(journalBytes)})`,
      `| Run | RSS idle | RSS settled (2 s quiet, no GC forced) | Growth, settled (goal ≤ 150 MB) | Peak RSS | RSS after a forced full GC |`,
      `|---|---|---|---|---|---|`,
      row('Fresh start, then the workload', fresh),
      row('Restart, journal restored', restored),
      `Where it goes after the workload (process.memoryUsage, before → after a full GC): ${where(fresh)}`,
      `After the restore: ${where(restored)}`,
    ];
  } finally {
    rmSync(state, { recursive: true, force: true });
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
