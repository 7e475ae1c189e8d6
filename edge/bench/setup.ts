import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { generateClientKeys, TokenSource } from '../client';
import { startWranglerDev, type DevServer } from '../test/node/wranglerDev';

export interface BenchEnv {
  dev: DevServer;
  apiKey: string;
  token: () => Promise<string>;
  /** CPU seconds used so far by workerd, the runtime that runs the worker (wrangler's own proxy excluded). */
  cpuSeconds: () => number;
}

/** utime + stime of the workerd processes in the group, from /proc (Linux). */
function groupCpu(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.split(') ')[1]!.split(' ');
      if (Number(fields[2]) === pgid && stat.includes('(workerd)')) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/** wrangler dev with one enterprise account whose limit does not get in the way of measuring. */
export async function benchEnv(): Promise<BenchEnv> {
  const dev = await startWranglerDev('bench-secret-that-is-long-enough-0123456789');
  const res = await fetch(`${dev.url}/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'a long enough password', name: 'Bench' }) });
  const body = (await res.json()) as { data: { apiKey: { key: string }; account: { id: string } } };
  const sql = `UPDATE accounts SET tier = 'enterprise', rate_limit = 100000000 WHERE id = '${body.data.account.id}'`;
  const update = spawnSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'd1', 'execute', 'DB', '--local', '--persist-to', dev.state, '--command', sql], { env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' }, encoding: 'utf8' });
  if (update.status !== 0) throw new Error(update.stderr);
  const source = new TokenSource(dev.url, await generateClientKeys(`bench-${Date.now()}`), body.data.apiKey.key);
  return { dev, apiKey: body.data.apiKey.key, token: () => source.get(), cpuSeconds: () => groupCpu(dev.pid) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function openSocket(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${token}` } });
    ws.once('message', () => resolve(ws));
    ws.once('error', reject);
  });
}
