/**
 * Connector benchmark: ingest rates, read latency with 50k entries stored, and RSS over 1M events.
 * Runs the standalone connector (dist/cli.js) in its own process and drives it over loopback.
 * First, the anchor's own HTTP ingest workload against browser-tools-server 1.2.0, side by side.
 * Usage: npm run bench   (prints figures; not a test). BENCH_PROFILE=1 adds a CPU profile summary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { drained } from './drained';
import { compareIngest, profileIngest } from './ingestVsAnchor';
import { ANCHOR } from './peers';
import { median } from './median';
import { callerHeaders } from '../test/support/callerSecret';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Every connector this run starts keeps its journal (on, as users run it) in a clean state folder of its own. */
const STATE = mkdtempSync(join(tmpdir(), 'bd-bench-state-'));
process.env.XDG_STATE_HOME = STATE;
let port = 0;
let base = '';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

function logEvent(i: number) {
  return {
    type: 'console-log',
    level: i % 10 === 0 ? 'error' : 'log',
    message: `bench message number ${i} with some typical text`,
    timestamp: Date.now(),
    url: 'http://localhost:5173/',
    source: 'http://localhost:5173/src/main.ts:12:7',
  };
}

async function openBrowser(): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, {
    perMessageDeflate: false,
    headers: callerHeaders(),
  });
  await new Promise((done, fail) => (ws.once('open', done), ws.once('error', fail)));
  ws.send(JSON.stringify({ type: 'hello', protocolVersion: 1, client: 'bench' }));
  return ws;
}

async function ingestSingle(ws: WebSocket, count: number): Promise<number> {
  const frames = Array.from({ length: 1000 }, (_, i) => JSON.stringify(logEvent(i)));
  const start = performance.now();
  for (let i = 0; i < count; i++) ws.send(frames[i % frames.length]!);
  await drained(ws);
  return count / ((performance.now() - start) / 1000);
}

async function ingestBatched(ws: WebSocket, count: number, batchSize = 500): Promise<number> {
  const frame = JSON.stringify({ type: 'batch', events: Array.from({ length: batchSize }, (_, i) => logEvent(i)) });
  const start = performance.now();
  for (let sent = 0; sent < count; sent += batchSize) {
    ws.send(frame);
    if (ws.bufferedAmount > 64 * 1024 * 1024) await new Promise((r) => setTimeout(r, 1));
  }
  await drained(ws);
  return count / ((performance.now() - start) / 1000);
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
function http(method: string, path: string, body?: string): Promise<number> {
  return new Promise((done, fail) => {
    const start = performance.now();
    const req = request(
      `${base}${path}`,
      { method, agent, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => done(performance.now() - start));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

async function postRate(count: number, concurrency = 16): Promise<number> {
  const body = JSON.stringify({ data: logEvent(1) });
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) await http('POST', '/extension-log', body);
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

/** p50 and p99 per window of `perWindow` sequential requests, after a warm-up; the median window is reported. */
async function latencies(path: string, perWindow: number, windows = 5): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 300; i++) await http('GET', path);
  const p50s: number[] = [];
  const p99s: number[] = [];
  for (let w = 0; w < windows; w++) {
    const samples: number[] = [];
    for (let i = 0; i < perWindow; i++) samples.push(await http('GET', path));
    p50s.push(percentile(samples, 50));
    p99s.push(percentile(samples, 99));
  }
  return { p50: median(p50s), p99: median(p99s) };
}

/** A fresh standalone connector process on its own port; with `inspect`, also its inspector URL. */
async function startConnector(inspect = false): Promise<ChildProcess & { inspector?: string }> {
  port = 20000 + Math.floor(Math.random() * 20000);
  base = `http://127.0.0.1:${port}`;
  const flags = inspect ? ['--inspect=127.0.0.1:0'] : [];
  const child: ChildProcess & { inspector?: string } = spawn(
    process.execPath,
    [...flags, resolve(__dirname, '../dist/cli.js'), '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr!.on('data', (chunk: Buffer) => (child.inspector ??= /ws:\/\/\S+/.exec(chunk.toString())?.[0]));
  await new Promise<void>((done) =>
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && done()),
  );
  return child;
}

/** Heap still in use after a full GC, read through the inspector: what the store really retains. */
async function retainedHeapMb(inspector: string): Promise<number> {
  const ws = new WebSocket(inspector);
  await new Promise((done) => ws.once('open', done));
  const call = (id: number, method: string, params = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((done) => {
      const onMessage = (data: Buffer) => {
        const reply = JSON.parse(data.toString());
        if (reply.id !== id) return;
        ws.off('message', onMessage);
        done(reply);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await call(1, 'HeapProfiler.collectGarbage');
  const reply = await call(2, 'Runtime.evaluate', {
    expression: 'process.memoryUsage().heapUsed',
    returnByValue: true,
  });
  ws.close();
  return Number(reply.result?.result?.value) / (1024 * 1024);
}

async function stopConnector(child: ChildProcess): Promise<void> {
  child.kill('SIGINT');
  await new Promise((done) => child.once('exit', done));
}

async function main(): Promise<void> {
  const results: [string, string][] = [];
  const versus = await compareIngest(Number(process.env.BENCH_INGEST_ROUNDS ?? 3));
  const rates = (values: number[]) => `${fmt(median(values))} (${values.map((v) => fmt(v)).join(', ')})`;
  results.push([
    'POST /extension-log, autocannon, 20 connections: Browser Debug (requests/s, median (rounds))',
    rates(versus.ours),
  ]);
  results.push([
    `POST /extension-log, autocannon, 20 connections: ${ANCHOR.label} (requests/s, median (rounds))`,
    rates(versus.anchor),
  ]);
  results.push(['Ratio of the medians, Browser Debug ÷ anchor', `${fmt(versus.ratio, 2)}×`]);
  results.push([
    'The same client against a bare node:http server that only parses the body (requests/s, median (rounds))',
    rates(versus.bare),
  ]);
  results.push([
    'Ratio of the medians, bare server ÷ anchor (the most this machine and client can show)',
    `${fmt(median(versus.bare) / median(versus.anchor), 2)}×`,
  ]);
  const profile = process.env.BENCH_PROFILE ? await profileIngest() : undefined;
  let child = await startConnector();
  try {
    const ws = await openBrowser();

    const single: number[] = [];
    const batched: number[] = [];
    const posts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      single.push(await ingestSingle(ws, 50_000));
      batched.push(await ingestBatched(ws, 200_000));
      posts.push(await postRate(5_000));
    }
    results.push(['WS ingest, single frames (events/s, median)', fmt(median(single))]);
    results.push(['WS ingest, batches of 500 (events/s, median)', fmt(median(batched))]);
    results.push(['POST /extension-log, 16 in flight (requests/s, median)', fmt(median(posts))]);

    await http('POST', '/wipelogs');
    await ingestBatched(ws, 50_000);
    const health = await latencies('/health', 1000);
    const logs = await latencies('/console-logs?limit=1000', 200);
    results.push([
      'GET /health with 50k stored: p50 / p99 (ms, median of 5 windows)',
      `${fmt(health.p50, 3)} / ${fmt(health.p99, 3)}`,
    ]);
    results.push([
      'GET /console-logs?limit=1000 with 50k stored: p50 / p99 (ms, median of 5 windows)',
      `${fmt(logs.p50, 2)} / ${fmt(logs.p99, 2)}`,
    ]);

    ws.close();
    await stopConnector(child);

    child = await startConnector(true);
    const fresh = await openBrowser();
    const rss = [rssMb(child.pid!)];
    const heap = [await retainedHeapMb(child.inspector!)];
    for (let million = 1; million <= 5; million++) {
      await ingestBatched(fresh, 1_000_000);
      heap.push(await retainedHeapMb(child.inspector!));
      rss.push(rssMb(child.pid!));
    }
    const capped = rss.slice(1);
    results.push(['RSS fresh, then after each 1M events up to 5M (MB)', rss.map((mb) => fmt(mb, 0)).join(' / ')]);
    results.push(['Heap retained after GC, same points (MB)', heap.map((mb) => fmt(mb, 1)).join(' / ')]);
    results.push(['RSS growth over the first 1M events (MB)', fmt(rss[1]! - rss[0]!, 1)]);
    results.push([
      'RSS range from 1M to 5M events, caps reached (MB)',
      `${fmt(Math.min(...capped), 0)}..${fmt(Math.max(...capped), 0)}`,
    ]);
    fresh.close();
  } finally {
    await stopConnector(child);
    agent.destroy();
    rmSync(STATE, { recursive: true, force: true });
  }
  const width = Math.max(...results.map(([name]) => name.length));
  console.log(
    `\nConnector benchmark (${ROUNDS} rounds, journal ${process.env.BROWSER_DEBUG_JOURNAL === 'off' ? 'off' : 'on'}, node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  for (const [name, value] of results) console.log(`${name.padEnd(width)}  ${value}`);
  if (profile) console.log(`\n${profile}`);
}

void main();
