import { readdirSync, readFileSync } from 'node:fs';
import { unlimitedAccount } from '../test/node/unlimitedAccount';
import { startWranglerDev, type DevServer } from '../test/node/wranglerDev';

export { openSocket } from '../test/node/tunnelLoad';

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
  const account = await unlimitedAccount(dev);
  return { dev, ...account, cpuSeconds: () => groupCpu(dev.pid) };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
