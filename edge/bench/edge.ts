// `npm run bench` in edge/: authorized reads, tunnel throughput and command round trips under
// `wrangler dev --local`, with CPU per request (the steadier figure on a shared machine).
import WebSocket from 'ws';
import { benchEnv, openSocket, percentile } from './setup';

const env = await benchEnv();
const token = await env.token();
const sessionId = `bench-${Date.now()}`;
const wsBase = env.dev.url.replace('http', 'ws');
const connector = await openSocket(`${wsBase}/tunnel/${sessionId}?role=connector`, token);

async function storeCaptures(count: number, batchSize: number): Promise<number> {
  const started = performance.now();
  let acked = 0;
  const done = new Promise<void>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ack' && (acked += frame.stored) >= count) {
        connector.off('message', onMessage);
        resolve();
      }
    };
    connector.on('message', onMessage);
  });
  for (let sent = 0, batch = 1; sent < count; sent += batchSize, batch++) {
    const events = Array.from({ length: Math.min(batchSize, count - sent) }, (_, i) => ({
      type: 'console-log',
      level: i % 10 ? 'info' : 'error',
      message: `bench message ${sent + i}`,
      timestamp: Date.now(),
      url: 'https://app.test/',
    }));
    connector.send(JSON.stringify({ type: 'batch', batchSeq: batch, events }));
  }
  await done;
  return count / ((performance.now() - started) / 1000);
}

async function reads(total: number, concurrency: number, path = '/api/v1/console-logs?limit=100') {
  const latencies: number[] = [];
  const cpuBefore = env.cpuSeconds();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = performance.now();
        const res = await fetch(`${env.dev.url}${path}`, {
          headers: { Authorization: `Bearer ${token}`, 'X-Session-ID': sessionId },
        });
        if (res.status !== 200) throw new Error(`read answered ${res.status}`);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: ((env.cpuSeconds() - cpuBefore) / total) * 1000,
  };
}

async function roundTrips(count: number) {
  connector.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type === 'command') connector.send(JSON.stringify({ type: 'reply', id: frame.id, result: { ok: true } }));
  });
  const client = await openSocket(`${wsBase}/tunnel/${sessionId}`, token);
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: WebSocket.RawData) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'reply' && frame.id === `rt-${i}`) {
          client.off('message', onMessage);
          resolve();
        }
      };
      client.on('message', onMessage);
      client.send(JSON.stringify({ type: 'command', id: `rt-${i}`, name: 'current-url' }));
    });
    latencies.push(performance.now() - t);
  }
  client.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const cpuBefore = env.cpuSeconds();
const ingest = await storeCaptures(20_000, 500);
const ingestCpu = ((env.cpuSeconds() - cpuBefore) / 20_000) * 1e6;
await reads(100, 4);
const baseline = await reads(300, 1, '/.identity');
const sequential = await reads(500, 1);
const parallel = await reads(2000, 16);
const rtt = await roundTrips(300);

const f = (n: number, digits = 1) => n.toFixed(digits);
console.log(`| Measure | Figure |
|---|---|
| Tunnel ingest, batches of 500 (stored in D1, acked) | ${Math.round(ingest).toLocaleString('en')} captures/s, ${f(ingestCpu, 0)} µs CPU per capture |
| Baseline: \`GET /.identity\` (no auth, no D1; rate limiter only), p50 / p99 | ${f(baseline.p50)} / ${f(baseline.p99)} ms, ${f(baseline.cpuMs)} ms CPU per request |
| \`GET /api/v1/console-logs?limit=100\` with a token, 20k stored, 1 in flight, p50 / p99 | ${f(sequential.p50)} / ${f(sequential.p99)} ms, ${f(sequential.cpuMs)} ms CPU per request |
| Same, 16 in flight | ${Math.round(parallel.rps)} requests/s, p50 / p99 ${f(parallel.p50)} / ${f(parallel.p99)} ms, ${f(parallel.cpuMs)} ms CPU per request |
| Tunnel command round trip (client → edge → connector → edge → client), p50 / p99 | ${f(rtt.p50)} / ${f(rtt.p99)} ms |`);

connector.close();
await env.dev.stop();
