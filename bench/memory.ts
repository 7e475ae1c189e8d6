/**
 * Memory benchmark: fills every buffer past its default caps through the HTTP ingest path
 * (`POST /extension-log`: console logs, uncaught errors, network requests with headers and bodies,
 * page loads), then keeps going, and prints the connector's RSS (read from /proc, its own process)
 * idle, at the caps and after eviction. The anchor, browser-tools-server 1.2.0 from the npm
 * registry, gets the same workload in the same run. Then the real-entries workload over /extension-ws
 * (bench/memoryRealEntries.ts: console entries with stacks, network entries with headers and bodies).
 * Usage: npm run bench:memory   (prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type BufferLimit } from '../src/connector/config/config';
import { collectGarbage, MEMORY_PROBE_FLAGS, settle } from './memoryProbe';
import { realEntriesWorkload } from './memoryRealEntries';
import { rssMb, startAnchor, startOurs, stopServer, type Server } from './peers';
import { secretHeaders, userSecret, userSecretFile } from '../src/connector/trust/userSecret';

const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const IN_FLIGHT = 16;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const MESSAGE =
  'checkout step finished: cart 4f2a, 3 items, total 129.90 EUR, coupon SPRING applied, shipping to DE, user 81723 (guest)'.slice(
    0,
    120,
  );
const STACK = Array.from(
  { length: 12 },
  (_, i) => `    at handler${i} (http://localhost:5173/src/checkout/cart.ts:${100 + i}:${15 + i})`,
).join('\n');
const HEADERS = (n: number, prefix: string) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}-header-${i}`, `value ${i} ${'v'.repeat(40)}`]));
const REQUEST_BODY = JSON.stringify({
  items: Array.from({ length: 20 }, (_, i) => ({ sku: `SKU-${i}`, quantity: i % 3, note: 'n'.repeat(60) })),
});
const RESPONSE_BODY = JSON.stringify({
  rows: Array.from({ length: 80 }, (_, i) => ({ id: i, name: `product ${i}`, description: 'd'.repeat(70) })),
});

interface Kind {
  name: string;
  limits: BufferLimit[];
  make(i: number): Record<string, unknown>;
}

function network(i: number, status: number): Record<string, unknown> {
  return {
    type: 'network-request',
    method: i % 2 ? 'POST' : 'GET',
    url: `http://localhost:5173/api/cart/${i}?session=4f2a`,
    status,
    duration: 12 + (i % 50),
    timestamp: Date.now(),
    requestHeaders: HEADERS(12, 'x-request'),
    responseHeaders: HEADERS(10, 'x-response'),
    requestBody: REQUEST_BODY,
    responseBody: RESPONSE_BODY,
  };
}

function kinds(): Kind[] {
  const limits = defaultConfig().limits;
  return [
    {
      name: 'console logs',
      limits: [limits.consoleLogs],
      make: (i) => ({
        type: 'console-log',
        level: ['log', 'info', 'warn', 'debug'][i % 4],
        message: MESSAGE,
        url: 'http://localhost:5173/checkout',
        source: 'http://localhost:5173/src/checkout/cart.ts:120:15',
        timestamp: Date.now(),
      }),
    },
    {
      name: 'uncaught errors',
      limits: [limits.consoleErrors],
      make: (i) => ({
        type: 'console-error',
        message: `TypeError: cannot read properties of undefined (reading 'total') #${i}`,
        stack: STACK,
        source: 'http://localhost:5173/src/checkout/cart.ts:120:15',
        errorKind: 'uncaught',
        timestamp: Date.now(),
      }),
    },
    { name: 'network, 2xx', limits: [limits.networkSuccess], make: (i) => network(i, 200) },
    { name: 'network, 5xx', limits: [limits.networkErrors], make: (i) => network(i, 500) },
    {
      name: 'page loads',
      limits: [limits.pageLoads],
      make: (i) => ({
        type: 'page-navigated',
        url: `http://localhost:5173/page/${i}`,
        title: `Page ${i}`,
        tabId: 1,
        pageLoadId: `load-${i}-${Date.now()}`,
        timestamp: Date.now(),
      }),
    },
  ];
}

/** Entries per pass: 1.5× whichever cap binds first, by count or by bytes (measured on a sample). */
function perPass(kind: Kind): number {
  const bytes = Buffer.byteLength(JSON.stringify(kind.make(0))) + 100;
  const binding = Math.min(...kind.limits.map((limit) => Math.min(limit.maxEntries, limit.maxBytes / bytes)));
  return Math.ceil(binding * 1.5);
}

/** Posts `count` bodies with IN_FLIGHT requests in flight on keep-alive connections; returns requests/s. */
async function post(
  port: number,
  count: number,
  body: (i: number) => string,
  caller: Record<string, string>,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const one = (payload: string) =>
    new Promise<void>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/extension-log',
          agent,
          headers: { 'content-type': 'application/json', ...caller },
        },
        (res) => {
          if (res.statusCode !== 200) failed++;
          res.resume();
          res.on('end', done);
        },
      );
      req.on('error', fail);
      req.end(payload);
    });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await one(body(next++));
    }),
  );
  agent.destroy();
  if (failed) throw new Error(`${failed} of ${count} requests were refused`);
  return count / ((performance.now() - started) / 1000);
}

interface Figures {
  idle: number;
  passes: number[];
  peak: number;
  /** RSS after a forced full GC, after the last pass. */
  afterGc: number;
  rate: number;
}

async function measure(server: Server, caller: Record<string, string>): Promise<Figures> {
  await settle();
  const pid = server.child.pid!;
  const idle = rssMb(pid);
  const passes: number[] = [];
  const rates: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    for (const kind of kinds())
      rates.push(
        await post(server.port, perPass(kind), (i) => JSON.stringify({ data: kind.make(pass * 1e6 + i) }), caller),
      );
    await settle();
    passes.push(rssMb(pid));
    process.stderr.write(`${server.label}: pass ${pass + 1} of ${PASSES}, RSS ${fmt(passes.at(-1)!)} MB\n`);
  }
  const peak = rssMb(pid, 'VmHWM');
  const { rssAfterGc } = await collectGarbage(server);
  return { idle, passes, peak, afterGc: rssAfterGc, rate: rates.reduce((a, b) => a + b, 0) / rates.length };
}

async function main(): Promise<void> {
  const results: [string, Figures][] = [];
  // Ours from a clean state folder (the journal starts empty); both with the GC probe preloaded.
  const state = mkdtempSync(join(tmpdir(), 'bd-bench-state-'));
  // Ours asks for the secret of its own state folder (the anchor ignores the header).
  const caller = secretHeaders(userSecret(userSecretFile({ XDG_STATE_HOME: state })));
  const starts = [
    () => startOurs(undefined, MEMORY_PROBE_FLAGS, { XDG_STATE_HOME: state }),
    () => startAnchor(undefined, MEMORY_PROBE_FLAGS),
  ];
  try {
    for (const start of starts) {
      const server = await start();
      try {
        results.push([server.label, await measure(server, caller)]);
      } finally {
        await stopServer(server);
      }
    }
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
  const workload = kinds()
    .map((kind) => `${fmt(perPass(kind))} ${kind.name}`)
    .join(', ');
  console.log(
    `\nMemory benchmark (node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  console.log(
    `Each pass: ${workload}, through POST /extension-log, ${IN_FLIGHT} in flight, journal on. RSS read from /proc after 2 s of quiet (settled, no GC forced), and after a forced full GC once the last pass settled.`,
  );
  console.log(
    '| Server | RSS idle | RSS at caps (pass 1, settled) | RSS after eviction (passes 2.., settled) | Growth at caps, settled | Peak RSS | RSS after a forced GC (growth) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, f] of results) {
    console.log(
      `| ${label} | ${fmt(f.idle)} MB | ${fmt(f.passes[0]!)} MB | ${f.passes
        .slice(1)
        .map((mb) => fmt(mb))
        .join(
          ' / ',
        )} MB | ${fmt(f.passes[0]! - f.idle)} MB | ${fmt(f.peak)} MB | ${fmt(f.afterGc)} MB (${fmt(f.afterGc - f.idle)} MB) |`,
    );
  }
  const ours = results[0]![1];
  const growth = ours.passes[0]! - ours.idle;
  console.log(
    `Target: settled growth at the default caps ≤ 150 MB: ${growth <= 150 ? 'met' : 'NOT met'} (${fmt(growth)} MB); after eviction ${fmt(Math.min(...ours.passes.slice(1)))}..${fmt(Math.max(...ours.passes.slice(1)))} MB.`,
  );
  console.log('');
  for (const line of await realEntriesWorkload()) console.log(line);
}

void main();
