/**
 * The anchor's own ingest workload, side by side: autocannon (from the npm registry, cached) posting
 * 120-character console messages to `POST /extension-log` over 20 connections, alternating between
 * our connector, browser-tools-server 1.2.0 and a bare node:http server (the client's ceiling on this machine)
 * round by round so all see the same machine noise.
 * With BENCH_PROFILE=1, one more run against our connector under `node --cpu-prof` prints where the
 * time goes.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTOCANNON, ensurePeer, startAnchor, startBare, startOurs, stopServer, type Server } from './peers';
import { summarizeProfile } from './cpuProfile';
import { median } from './median';
import { callerHeaders } from '../test/support/callerSecret';

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 5);
const MESSAGE =
  'checkout step finished: cart 4f2a, 3 items, total 129.90 EUR, coupon SPRING applied, shipping to DE, user 81723 (guest)'.slice(
    0,
    120,
  );
const BODY = JSON.stringify({
  data: { type: 'console-log', level: 'log', message: MESSAGE, timestamp: 1_764_000_000_000 },
});

function loadAutocannon(): Autocannon {
  return createRequire(__filename)(ensurePeer(AUTOCANNON)) as Autocannon;
}

async function rate(autocannon: Autocannon, server: Server, seconds: number): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/extension-log`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...callerHeaders() },
    body: BODY,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${server.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.total / result.duration;
}

export interface IngestComparison {
  ours: number[];
  anchor: number[];
  /** A server that only parses each body: what the client reaches here, so the most any ratio can be. */
  bare: number[];
  ratio: number;
}

/** `rounds` timed runs of SECONDS each per server, interleaved, after a 1 s warm-up of each. */
export async function compareIngest(rounds: number): Promise<IngestComparison> {
  const autocannon = loadAutocannon();
  const servers = [await startOurs(), await startAnchor(), await startBare()] as const;
  const figures: [number[], number[], number[]] = [[], [], []];
  try {
    for (const server of servers) await rate(autocannon, server, 1);
    for (let round = 0; round < rounds; round++) {
      for (const [i, server] of servers.entries()) figures[i]!.push(await rate(autocannon, server, SECONDS));
    }
  } finally {
    for (const server of servers) await stopServer(server);
  }
  return { ours: figures[0], anchor: figures[1], bare: figures[2], ratio: median(figures[0]) / median(figures[1]) };
}

/** One run against our connector under --cpu-prof; the summary of where its time went. */
export async function profileIngest(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bd-cpu-prof-'));
  const server = await startOurs(undefined, ['--cpu-prof', '--cpu-prof-dir', dir]);
  let requestsPerSecond: number;
  try {
    requestsPerSecond = await rate(loadAutocannon(), server, SECONDS);
  } finally {
    await stopServer(server);
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile was written to ${dir}`);
  const summary = summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  rmSync(dir, { recursive: true, force: true });
  return `Profile of our connector under the same workload (${Math.round(requestsPerSecond)} requests/s while profiled):\n${summary}`;
}
