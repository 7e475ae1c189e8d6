/**
 * CPU time per process for a bench round (issue 32): the bench's own process (the fixture server), its MCP
 * clients' processes (one per agent), the connector, and every process of one Chromium (browser, GPU, utilities, the extension's
 * service worker process, each page renderer), read from /proc/<pid>/stat (utime + stime) before and after.
 * Linux only: elsewhere it reports nothing. A process that exits during the round loses its last slice, so
 * sample before tabs close.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** Linux's USER_HZ: /proc reports CPU time in ticks of 10 ms. */
const TICK_MS = 10;

interface Proc {
  pid: number;
  ppid: number;
  /** utime + stime, ms. */
  cpuMs: number;
  cmdline: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; ppid is the 2nd, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS, cmdline };
  } catch {
    return undefined;
  }
}

/** utime + stime (ms) of each thread of `pid`, with the thread's name. */
function threadsOf(pid: number): { tid: number; name: string; cpuMs: number }[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ tid: Number(tid), name, cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS }];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

function allProcs(): Proc[] {
  const procs: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const proc = readProc(Number(name));
    if (proc) procs.push(proc);
  }
  return procs;
}

/** What a Chromium process is, from its `--type` flag; the extension's worker runs in an extension renderer. */
function kindOf(cmdline: string): string {
  const type = cmdline.match(/--type=([\w-]+)/)?.[1];
  if (!type) return 'chromium browser';
  if (type === 'renderer') return cmdline.includes('--extension-process') ? 'extension (worker)' : 'page renderers';
  if (type === 'gpu-process') return 'chromium gpu';
  return type === 'utility' ? 'chromium utility' : `chromium ${type}`;
}

/** ms of CPU per pid and what each pid is; `threads` the same per thread (`pid/tid`), named `kind · thread`. */
export interface CpuSnapshot {
  procs: Map<number, { kind: string; cpuMs: number }>;
  threads: Map<string, { kind: string; cpuMs: number }>;
}

export interface CpuWatch {
  snapshot(): CpuSnapshot;
  /** The pids of the watched Chromium, its browser process first. */
  chromiumPids(): number[];
}

/**
 * Watches the connector's pid and the Chromium started with `profile` (its browser process is the one whose
 * command line names the profile and has no --type; the rest are its descendants).
 */
export function watchCpu(connectorPid: number | undefined, profile: string): CpuWatch {
  const chromiumTree = (procs: Proc[]): number[] => {
    const root = procs.find(
      (proc) => proc.cmdline.includes(`--user-data-dir=${profile}`) && !/--type=/.test(proc.cmdline),
    );
    if (!root) return [];
    const inTree = [root.pid];
    // Parents come before children often but not always: repeat until nothing joins.
    for (let grew = true; grew;) {
      grew = false;
      for (const proc of procs)
        if (!inTree.includes(proc.pid) && inTree.includes(proc.ppid)) {
          inTree.push(proc.pid);
          grew = true;
        }
    }
    return inTree;
  };
  return {
    chromiumPids: () => (process.platform === 'linux' ? chromiumTree(allProcs()) : []),
    snapshot() {
      const snapshot: CpuSnapshot = { procs: new Map(), threads: new Map() };
      if (process.platform !== 'linux') return snapshot;
      const add = (pid: number, kind: string, cpuMs: number) => {
        snapshot.procs.set(pid, { kind, cpuMs });
        for (const thread of threadsOf(pid))
          snapshot.threads.set(`${pid}/${thread.tid}`, { kind: `${kind} · ${thread.name}`, cpuMs: thread.cpuMs });
      };
      const procs = allProcs();
      const own = procs.find((proc) => proc.pid === process.pid);
      if (own) add(own.pid, 'bench (site)', own.cpuMs);
      const connector = procs.find((proc) => proc.pid === connectorPid);
      if (connector) add(connector.pid, 'connector', connector.cpuMs);
      const inTree = new Set(chromiumTree(procs));
      for (const proc of procs) if (inTree.has(proc.pid)) add(proc.pid, kindOf(proc.cmdline), proc.cpuMs);
      // The bench's other Node children: MCP clients in processes of their own (agentProcess.ts).
      for (const proc of procs)
        if (
          proc.ppid === process.pid &&
          proc.pid !== connectorPid &&
          !inTree.has(proc.pid) &&
          /node/.test(proc.cmdline)
        )
          add(proc.pid, 'MCP client processes', proc.cpuMs);
      return snapshot;
    },
  };
}

/** CPU ms spent per kind of process between two snapshots (a pid new in `after` counts from zero). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  return byKind(before.procs, after.procs);
}

/**
 * CPU ms per kind of thread (`kind · thread name`, summed over processes of a kind): one thread runs on one
 * core at a time, so the busiest single thread is a floor of its own.
 */
export function threadCpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  return byKind(before.threads, after.threads);
}

/** The most CPU any one thread spent between two snapshots, and its name. */
export function busiestThread(before: CpuSnapshot, after: CpuSnapshot): { kind: string; cpuMs: number } {
  let busiest = { kind: 'none', cpuMs: 0 };
  for (const [key, { kind, cpuMs }] of after.threads) {
    const spent = cpuMs - (before.threads.get(key)?.cpuMs ?? 0);
    if (spent > busiest.cpuMs) busiest = { kind, cpuMs: spent };
  }
  return busiest;
}

function byKind<K>(before: Map<K, { cpuMs: number }>, after: Map<K, { kind: string; cpuMs: number }>) {
  const spentBy = new Map<string, number>();
  for (const [key, { kind, cpuMs }] of after) {
    const spent = cpuMs - (before.get(key)?.cpuMs ?? 0);
    spentBy.set(kind, (spentBy.get(kind) ?? 0) + Math.max(0, spent));
  }
  return spentBy;
}

export const sumCpu = (byKind: Map<string, number>) => [...byKind.values()].reduce((sum, ms) => sum + ms, 0);

export const cores = () => cpus().length;

/** The 1-minute load average, as `uptime` prints it. */
export const load1 = () => loadavg()[0]!;

/**
 * The CPU floor: N flows that each cost `cpuMsPerFlow` of CPU (all processes together) cannot finish on
 * `cores` cores before N·C / cores, nor before one flow's own wall time, nor before N times the busiest single
 * thread's share of one flow (`threadMsPerFlow`; a thread runs on one core at a time).
 */
export const cpuFloorMs = (
  agents: number,
  cpuMsPerFlow: number,
  oneFlowWallMs: number,
  threadMsPerFlow = 0,
  coreCount = cores(),
) => Math.max(oneFlowWallMs, (agents * cpuMsPerFlow) / coreCount, agents * threadMsPerFlow);

/** Where a round's CPU went: per kind of process, per kind of thread, and the busiest single thread. */
export interface RoundCpu {
  procs: Map<string, number>;
  threads: Map<string, number>;
  busiest: { kind: string; cpuMs: number };
}

export const roundCpu = (before: CpuSnapshot, after: CpuSnapshot): RoundCpu => ({
  procs: cpuBetween(before, after),
  threads: threadCpuBetween(before, after),
  busiest: busiestThread(before, after),
});
