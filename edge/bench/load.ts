// `npm run load` in edge/: the spec's maximum of 1000 simultaneous tunnel clients on one session,
// held for LOAD_SECONDS (default 60) while the connector sends captures; every client must get
// every capture, in order. Traffic stays on loopback.
import type WebSocket from 'ws';
import { benchEnv, openSocket } from './setup';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 1000);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PER_SECOND = Number(process.env.LOAD_RATE ?? 10);

const env = await benchEnv();
const token = await env.token();
const sessionId = `load-${Date.now()}`;
const base = `${env.dev.url.replace('http', 'ws')}/tunnel/${sessionId}`;
const connector = await openSocket(`${base}?role=connector`, token);

interface Follower {
  ws: WebSocket;
  lastSeq: number;
  outOfOrder: number;
}

const followers: Follower[] = [];
const opening = Date.now();
for (let i = 0; i < CLIENTS; i += 50) {
  const batch = await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, () => openSocket(base, token)));
  for (const ws of batch) {
    const follower: Follower = { ws, lastSeq: 0, outOfOrder: 0 };
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (typeof frame.seq !== 'number') return;
      if (frame.seq !== follower.lastSeq + 1) follower.outOfOrder += 1;
      follower.lastSeq = frame.seq;
    });
    followers.push(follower);
  }
}
console.log(`${followers.length} clients connected in ${Date.now() - opening} ms`);

const cpuBefore = env.cpuSeconds();
let sent = 0;
let batchSeq = 0;
const started = Date.now();
while (Date.now() - started < SECONDS * 1000) {
  const events = Array.from({ length: PER_SECOND }, () => ({ type: 'console-log', level: 'info', message: `load ${sent++}`, timestamp: Date.now() }));
  connector.send(JSON.stringify({ type: 'batch', batchSeq: ++batchSeq, events }));
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const deadline = Date.now() + 30_000;
while (followers.some((f) => f.lastSeq < sent) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

const complete = followers.filter((f) => f.lastSeq === sent && f.outOfOrder === 0).length;
const open = followers.filter((f) => f.ws.readyState === 1).length;
const delivered = followers.reduce((sum, f) => sum + f.lastSeq, 0);
const cpu = env.cpuSeconds() - cpuBefore;
console.log(`| Load: ${CLIENTS} tunnel clients for ${SECONDS} s, ${PER_SECOND} captures/s | ${complete}/${CLIENTS} clients got all ${sent} captures in order; ${open} still open; ${delivered.toLocaleString('en')} frames delivered; workerd CPU ${cpu.toFixed(1)} s (${((cpu / delivered) * 1e6).toFixed(0)} µs per delivered frame) |`);

for (const f of followers) f.ws.close();
connector.close();
await env.dev.stop();
process.exit(complete === CLIENTS ? 0 : 1);
