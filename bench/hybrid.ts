/**
 * Hybrid mode benchmark: how fast the connector forwards captures to the edge (`wrangler dev
 * --local` on loopback), what forwarding costs local ingest (side by side, same run), and how long
 * one console error takes to reach a remote reader over SSE.
 * Usage: npm run bench:hybrid   (needs edge/ dependencies; prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { drained } from './drained';
import type { RemoteReport } from '../src/shared/remoteStatus';
import { startTestConnector, type TestConnector } from '../test/support/connector';
import { startTestEdge } from '../test/remote/support/edgeAccount';
import { median } from './median';
import { callerHeaders } from '../test/support/callerSecret';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BURST = Number(process.env.BENCH_BURST ?? 20_000);
const PAGE = 'http://localhost:5173/';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openBrowser(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, {
    perMessageDeflate: false,
    headers: callerHeaders(),
  });
  await new Promise((done, fail) => (ws.once('open', done), ws.once('error', fail)));
  ws.send(JSON.stringify({ type: 'hello', protocolVersion: 1, client: 'bench' }));
  ws.send(
    JSON.stringify({ type: 'page-navigated', url: PAGE, pageLoadId: 'bench-load', tabId: 1, timestamp: Date.now() }),
  );
  return ws;
}

function burstFrames(round: number, count: number): string[] {
  const frames: string[] = [];
  for (let sent = 0; sent < count; sent += 500) {
    const events = Array.from({ length: Math.min(500, count - sent) }, (_, i) => ({
      type: 'console-log',
      level: 'log',
      message: `round ${round} capture ${sent + i} with some typical text`,
      url: PAGE,
      tabId: 1,
      timestamp: Date.now(),
    }));
    frames.push(JSON.stringify({ type: 'batch', events }));
  }
  return frames;
}

/** Local ingest (captures/s until stored) of one burst. */
async function ingest(ws: WebSocket, frames: string[], count: number): Promise<number> {
  const start = performance.now();
  for (const frame of frames) ws.send(frame);
  await drained(ws);
  return count / ((performance.now() - start) / 1000);
}

const remote = (local: TestConnector) => local.connector.services.remote.status() as RemoteReport;

async function main(): Promise<void> {
  const edge = await startTestEdge();
  const identityDir = mkdtempSync(join(tmpdir(), 'bd-bench-id-'));
  const hybrid = await startTestConnector({
    remote: {
      url: edge.url,
      apiKey: edge.apiKey,
      origins: ['http://localhost:*'],
      identityFile: join(identityDir, 'id.json'),
    },
  });
  const plain = await startTestConnector();
  const [hybridBrowser, plainBrowser] = await Promise.all([openBrowser(hybrid.port), openBrowser(plain.port)]);
  while (remote(hybrid).state !== 'online') await sleep(50);

  const forwardRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const frames = burstFrames(round, BURST);
    // Alternate which goes first, so warm-up does not favour one side.
    const plainFirst = round % 2 === 1;
    const plainBefore = plainFirst ? await ingest(plainBrowser, frames, BURST) : 0;
    const before = remote(hybrid).forwarded;
    const start = performance.now();
    const hybridRate = await ingest(hybridBrowser, frames, BURST);
    while (remote(hybrid).forwarded - before < BURST || remote(hybrid).queued > 0) await sleep(20);
    const seconds = (performance.now() - start) / 1000;
    const plainRate = plainFirst ? plainBefore : await ingest(plainBrowser, frames, BURST);
    forwardRates.push(BURST / seconds);
    ratios.push(hybridRate / plainRate);
    console.log(
      `round ${round}: local ingest ${fmt(plainRate)}/s plain, ${fmt(hybridRate)}/s hybrid; ${fmt(BURST)} captures acked by the edge in ${fmt(seconds, 2)} s`,
    );
  }

  // One console error → a remote reader's SSE stream.
  const token = await edge.readerToken();
  const sessionId = remote(hybrid).sessionId!;
  const controller = new AbortController();
  const res = await fetch(`${edge.url}/api/v1/sessions/${sessionId}/events`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  let text = '';
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const marker = `latency marker ${i}`;
    const start = performance.now();
    hybridBrowser.send(
      JSON.stringify({ type: 'console-error', message: marker, url: PAGE, tabId: 1, timestamp: Date.now() }),
    );
    while (!text.includes(marker)) text += new TextDecoder().decode((await reader.read()).value);
    latencies.push(performance.now() - start);
    await sleep(100);
  }
  controller.abort();
  if (process.env.BENCH_SHOW_EDGE_LOG) console.log(edge.output().slice(-3000));

  console.log('');
  console.log(
    `| Forwarding a burst of ${fmt(BURST)} captures to the edge, until all acked | median ${fmt(median(forwardRates))} captures/s over ${ROUNDS} rounds |`,
  );
  console.log(
    `| Local ingest with hybrid mode on ÷ off, same bursts side by side | median ${fmt(median(ratios), 2)} |`,
  );
  console.log(
    `| console.error → remote reader's SSE stream | p50 ${fmt(median(latencies))} ms, max ${fmt(Math.max(...latencies))} ms over 20 |`,
  );

  hybridBrowser.close();
  plainBrowser.close();
  await Promise.all([hybrid.stop(), plain.stop()]);
  await edge.stop();
  rmSync(identityDir, { recursive: true, force: true });
}

void main().then(() => process.exit(0));
