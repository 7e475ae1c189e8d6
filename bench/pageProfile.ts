/**
 * bench:page's "which of our code costs what": one more round without the extension and one with it, traced with
 * CPU samples and read with DevTools' trace engine (the one the connector ships). Sampling makes every call a
 * little dearer, so the differences and shares are what to read, not the sums.
 */
import type { TreeNode } from '../src/connector/performance/engineShapes';
import { parseTrace } from '../src/connector/performance/traceEngine';
import { PAGE_HOOK_SOURCE_URL } from '../src/shared/stackFrames';
import type { TraceEvent } from '../test/e2e/support/rawCdp';
import { countedUntil } from './pageThreads';

/** The workload profiled (BENCH_PROFILE, the console workload by default). */
export const PROFILED = process.env.BENCH_PROFILE ?? 'consoleWorkload';

/** What the engine needs for a main thread's tasks, the scripts in them (CPU samples) and the workload's marks. */
export const PROFILE_CATEGORIES = [
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  // Samples every 0.1 ms rather than every 1 ms: a call of a few µs (a socket frame's capture) is otherwise
  // mostly missed, and its time is left on the event that called into our script.
  'disabled-by-default-v8.cpu_profiler.hires',
  'toplevel',
  'v8.execute',
];

const TOP = 14;

const fmt = (ms: number) => ms.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

interface Entry {
  name: string;
  ts: number;
  dur?: number;
  /** Thread time of a complete event, where the platform records it. */
  tdur?: number;
  callFrame?: { url: string; functionName: string };
  args?: { data?: { url?: unknown; functionName?: unknown }; src_func?: unknown };
}

/** Whose code a sampled frame is: our page hook, one of our extension's scripts, the app, or V8 itself. */
function ownerOf(url: string): string {
  // Samples name the hook's file in the extension; the browser's call events name its sourceURL.
  if (url === PAGE_HOOK_SOURCE_URL) return 'ours: pageHook.js';
  if (url.startsWith('chrome-extension://')) return `ours: ${url.split('/').slice(3).join('/')}`;
  return url ? 'the app' : 'V8';
}

/**
 * A task or event that is not script: what the browser did, named by its task's source when it has one. A
 * call into script (a listener, an observer's callback) is charged to the script called.
 */
function browserWork(entry: Entry): string {
  const url = entry.args?.data?.url;
  if (entry.name === 'FunctionCall' && typeof url === 'string') return `${ownerOf(url)} › (calls into it)`;
  const source = typeof entry.args?.src_func === 'string' ? ` (${entry.args.src_func})` : '';
  return `the browser › ${entry.name}${source}`;
}

/**
 * Self time (ms) by owner › function on one thread's tasks inside [from, to] (µs, the trace's clock). Samples
 * and events are wall time; each task's share of it is scaled by the task's thread time, so time the core
 * spent on another process (this machine has two) is not charged to whatever the page was running.
 */
function selfTimes(roots: Iterable<TreeNode>, from: number, to: number): Map<string, number> {
  const self = new Map<string, number>();
  const walk = (node: TreeNode, running: number) => {
    const entry = node.entry as Entry;
    const children = [...node.children];
    const us = (entry.dur ?? 0) - children.reduce((sum, child) => sum + (child.entry.dur ?? 0), 0);
    const frame = entry.callFrame;
    const key =
      entry.name === 'ProfileCall' && frame
        ? `${ownerOf(frame.url)} › ${frame.functionName || '(anonymous)'}`
        : browserWork(entry);
    if (us > 0) self.set(key, (self.get(key) ?? 0) + (us * running) / 1000);
    for (const child of children) walk(child, running);
  };
  for (const root of roots) {
    const { ts, dur, tdur } = root.entry as Entry;
    if (ts < from || ts > to) continue;
    walk(root, dur && tdur !== undefined ? Math.min(1, tdur / dur) : 1);
  }
  return self;
}

/** The profiled workload's self time (ms) by owner › function, from a traced round; undefined without its marks. */
async function workloadSelfTimes(events: TraceEvent[]): Promise<Map<string, number> | undefined> {
  const start = events.find((event) => event.name === `bd:${PROFILED}:start`);
  const end = countedUntil(events, PROFILED);
  if (!start || !end) return undefined;
  const parsed = await parseTrace(events);
  const renderer = parsed.data.Renderer as unknown as {
    processes: Map<number, { threads: Map<number, { tree?: { roots: Iterable<TreeNode> } }> }>;
  };
  const roots = renderer.processes.get(start.pid)?.threads.get(start.tid)?.tree?.roots;
  return roots ? selfTimes(roots, start.ts, end.ts) : undefined;
}

/** Self time summed by owner (the part of each key before ` › `). */
function ownerTotals(self: Map<string, number>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [key, ms] of self) {
    const owner = key.split(' › ')[0]!;
    totals.set(owner, (totals.get(owner) ?? 0) + ms);
  }
  return totals;
}

/**
 * Where the profiled workload's main thread goes with the extension and without it, from one traced round of
 * each: the rows that differ most, then the totals by whose code ran. Lines to print.
 */
export async function ourCodeCosts(withUs: TraceEvent[], without: TraceEvent[]): Promise<string[]> {
  // One after the other: the engine's handlers keep their state in their modules.
  const ours = await workloadSelfTimes(withUs);
  const bare = await workloadSelfTimes(without);
  if (!ours || !bare) return [`  (a trace has no marks or main thread for ${PROFILED}: nothing to read)`];
  const row = (key: string, a = 0, b = 0) =>
    `  ${fmt(a).padStart(7)}  ${fmt(b).padStart(7)}  ${`${b - a >= 0 ? '+' : ''}${fmt(b - a)}`.padStart(8)}  ${key}`;
  const keys = [...new Set([...ours.keys(), ...bare.keys()])];
  const added = (key: string) => (ours.get(key) ?? 0) - (bare.get(key) ?? 0);
  const byOwner = [ownerTotals(bare), ownerTotals(ours)] as const;
  const owners = [...new Set([...byOwner[0].keys(), ...byOwner[1].keys()])];
  const sum = (totals: Map<string, number>) => [...totals.values()].reduce((total, ms) => total + ms, 0);
  return [
    "  without     with     added  (ms of the main thread's CPU, self)",
    ...keys
      .sort((a, b) => Math.abs(added(b)) - Math.abs(added(a)))
      .slice(0, TOP)
      .map((key) => row(key, bare.get(key), ours.get(key))),
    '  By whose code:',
    ...owners.map((owner) => row(owner, byOwner[0].get(owner), byOwner[1].get(owner))),
    row('in all', sum(byOwner[0]), sum(byOwner[1])),
  ];
}
