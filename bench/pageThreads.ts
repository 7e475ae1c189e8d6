/**
 * bench:page's CPU figures, read from each round's light trace: how busy a thread was between a workload's
 * marks. Wall time alone counts every process on a shared machine (the extension's worker, the connector, the
 * app's server) as the page's; a task's thread time counts only its own CPU.
 */
import type { TraceEvent } from '../test/e2e/support/rawCdp';
import { ACTIVE_WORKLOADS, WORKLOADS, type Side, type Workload } from './pageReport';

/** The tight loop's marks, beside the workloads'. */
export const CALL_COST = 'callCost';
type Marked = Workload | typeof CALL_COST;

/**
 * Where a marked stretch's CPU stops counting: a workload's `settled` mark, 1 s after its end and before the next
 * one starts, so what it left for later counts with it; else (the tight loop) its end.
 */
export function countedUntil(events: TraceEvent[], name: string): TraceEvent | undefined {
  return (
    events.find((event) => event.name === `bd:${name}:settled`) ??
    events.find((event) => event.name === `bd:${name}:end`)
  );
}

/** Tasks counted with their thread time, and without it (then their wall time was counted). */
export const threadClock = { thread: 0, wall: 0 };

/** CPU (ms) of one thread's top-level tasks between two trace times; nested ones count once, the ends are cut. */
function busyBetween(events: TraceEvent[], thread: { pid: number; tid: number }, from: number, to: number): number {
  const tasks = events
    .filter(
      (event) =>
        event.pid === thread.pid &&
        event.tid === thread.tid &&
        event.ph === 'X' &&
        event.cat.split(',').includes('toplevel') &&
        event.ts + (event.dur ?? 0) > from &&
        event.ts < to,
    )
    .sort((a, b) => a.ts - b.ts);
  let busy = 0;
  let until = from;
  for (const task of tasks) {
    const start = Math.max(task.ts, until);
    const end = Math.min(task.ts + (task.dur ?? 0), to);
    if (end > start) busy += ((end - start) * (task.tdur ?? task.dur ?? 0)) / (task.dur || 1);
    threadClock[task.tdur === undefined ? 'wall' : 'thread']++;
    until = Math.max(until, end);
  }
  return busy / 1000;
}

export interface WorkloadCpu {
  /** The page's main thread: the one that made the workload's marks. */
  page: Partial<Record<Marked, number>>;
  /**
   * The browser process's UI thread, which every tab and the browser's own windows share: webRequest events,
   * extension messages and DevTools sessions all pass through it.
   */
  browser: Partial<Record<Workload, number>>;
}

export function workloadCpu(events: TraceEvent[]): WorkloadCpu {
  const cpu: WorkloadCpu = { page: {}, browser: {} };
  const ui = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrBrowserMain');
  for (const workload of [...WORKLOADS, CALL_COST] as const) {
    const start = events.find((event) => event.name === `bd:${workload}:start`);
    const end = countedUntil(events, workload);
    if (!start || !end) continue;
    cpu.page[workload] = busyBetween(events, start, start.ts, end.ts);
    if (ui && workload !== CALL_COST) cpu.browser[workload] = busyBetween(events, ui, start.ts, end.ts);
  }
  return cpu;
}

/** `BENCH_UI_TASKS=domWorkload` (or 1: the first workload run): the workload whose UI-thread tasks are named. */
export const UI_TASKS: Workload | undefined = process.env.BENCH_UI_TASKS
  ? (WORKLOADS.find((workload) => workload === process.env.BENCH_UI_TASKS) ?? ACTIVE_WORKLOADS[0])
  : undefined;

/**
 * `BENCH_UI_TASKS`: where the browser UI thread's CPU went during a workload, by the code that posted each
 * top-level task (`src_file`/`src_func` of the trace's RunTask events), so a side's extra UI-thread time can be
 * named. Adds one round's CPU to the side's sums.
 */
const uiTasks = new Map<Side, Map<string, number>>();

export function uiTaskSources(events: TraceEvent[], workload: Workload, side: Side): void {
  const into = uiTasks.get(side) ?? new Map<string, number>();
  uiTasks.set(side, into);
  const ui = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrBrowserMain');
  const start = events.find((event) => event.name === `bd:${workload}:start`);
  const end = countedUntil(events, workload);
  if (!ui || !start || !end) return;
  for (const event of events) {
    if (event.pid !== ui.pid || event.tid !== ui.tid || event.ph !== 'X' || !event.cat.split(',').includes('toplevel'))
      continue;
    if (event.ts < start.ts || event.ts > end.ts) continue;
    const args = (event.args ?? {}) as {
      src_file?: string;
      src_func?: string;
      chrome_mojo_event_info?: { mojo_interface_tag?: string; ipc_hash?: number };
    };
    const mojo = args.chrome_mojo_event_info;
    const source = args.src_func
      ? `${args.src_file?.split('/').slice(-2).join('/')}: ${args.src_func}`
      : `${event.name}${mojo?.mojo_interface_tag ? ` (${mojo.mojo_interface_tag})` : ''}`;
    into.set(source, (into.get(source) ?? 0) + (event.tdur ?? event.dur ?? 0) / 1000);
  }
}

/** The top posters of each side's UI-thread tasks, summed over the rounds. */
export function uiTaskLines(rounds: number, named: [string, Side][]): string[] {
  return named.flatMap(([name, side]) => [
    `\nUI thread during ${UI_TASKS}, ${name} (sum of ${rounds} rounds, by poster):`,
    ...[...(uiTasks.get(side) ?? [])]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([source, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${source}`),
  ]);
}
