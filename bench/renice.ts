/**
 * A what-if for bench:agents: Chromium on Linux runs a hidden tab's renderer, and the extension's process, at
 * nice 5 (the browser and GPU processes at -8). Every agent's tab is a hidden tab, so on a busy machine its
 * renderer gets about a third of the CPU share a nice-0 process gets. Holding every watched Chromium process at
 * nice 0 or better tells how much of the 4-agent slowdown is that priority under other load. Needs root (or
 * CAP_SYS_NICE); elsewhere it does nothing and says so.
 */
import { getPriority, setPriority } from 'node:os';
import type { CpuWatch } from './cpuSampler';

/** Keeps lowering the nice value of the watched Chromium's processes to 0 until the returned stop is called. */
export function holdNiceZero(watch: CpuWatch): () => void {
  const lift = () => {
    for (const pid of watch.chromiumPids())
      try {
        if (getPriority(pid) > 0) setPriority(pid, 0);
      } catch {
        // The process exited, or we may not raise priority.
      }
  };
  lift();
  const timer = setInterval(lift, 50);
  return () => clearInterval(timer);
}

/** Whether this process may raise other processes' priority. */
export const mayRenice = () => process.platform === 'linux' && process.getuid?.() === 0;
