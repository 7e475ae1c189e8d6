/** bench:page's figures: what each side measured, and the tables it prints. */
import { median } from './median';

export const WORKLOADS = [
  'consoleWorkload',
  'fetchWorkload',
  'socketWorkload',
  'domWorkload',
  'framesWorkload',
] as const;
export type Workload = (typeof WORKLOADS)[number];
/** `BENCH_WORKLOADS=fetchWorkload,socketWorkload`: run and print only these (all by default). */
export const ACTIVE_WORKLOADS: readonly Workload[] = process.env.BENCH_WORKLOADS
  ? WORKLOADS.filter((workload) => process.env.BENCH_WORKLOADS!.split(',').includes(workload))
  : WORKLOADS;
export const LABELS: Record<Workload, string> = {
  consoleWorkload: '10,000 console.log with objects',
  fetchWorkload: '500 fetches',
  socketWorkload: '200 WebSocket messages',
  domWorkload: 'DOM: 1,000-item list, 5 updates',
  // The cross-site frames run in other processes: their CPU is in the wall time, not the main thread's.
  framesWorkload: '10 iframes (5 cross-site), each 100 logs + 5 fetches',
};

export interface Sample {
  /** The page's main thread's CPU time in its tasks (from the trace) while the workload ran. */
  mainMs: number;
  /** The browser process's UI thread's CPU time in its tasks while the workload ran. */
  browserMs: number;
  /** Wall time of the workload, as the page measured it. */
  scriptMs: number;
  longTasks: number;
  tbtMs: number;
}

export interface Side {
  lcp: number[];
  samples: Record<Workload, Sample[]>;
  /** µs a console.log in the tight loop, wall time as the page measured it. */
  callCost: number[];
  /** The same loop in main-thread CPU, µs a call. */
  callCpu: number[];
}

export const emptySide = (): Side => ({
  lcp: [],
  callCost: [],
  callCpu: [],
  samples: Object.fromEntries(WORKLOADS.map((workload) => [workload, []])) as unknown as Record<Workload, Sample[]>,
});

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The sides of one run: the bare browser, ours, the peer's, and another build of ours if one was given. */
export interface Sides {
  plain: Side;
  ours: Side;
  peer: Side;
  baseline?: Side;
  /** What the baseline is: another build of ours ('before') or the floor extension ('floor'). */
  baselineName?: string;
}

/** The median of one figure of a side's samples of a workload. */
const medianOf = (side: Side, workload: Workload, pick: (s: Sample) => number) =>
  median(side.samples[workload].map(pick));
const mainOf = (side: Side, workload: Workload) => medianOf(side, workload, (s) => s.mainMs);
const added = (value: number, plain: number) => `${fmt(((value - plain) / plain) * 100)}%`;

function row(workload: Workload, { plain, ours, peer, baseline, baselineName = 'before' }: Sides): string {
  const a = mainOf(plain, workload);
  const before = baseline
    ? `${baselineName} ${fmt(mainOf(baseline, workload))} ms (${added(mainOf(baseline, workload), a)}) → `
    : '';
  const [b, c] = [mainOf(ours, workload), mainOf(peer, workload)];
  const of = (side: Side, pick: (s: Sample) => number) => medianOf(side, workload, pick);
  const wall = (side: Side) => of(side, (s) => s.scriptMs);
  const wa = wall(plain);
  const walls = [...(baseline ? [baseline] : []), ours, peer].map(
    (side) => `${fmt(wall(side))} (${added(wall(side), wa)})`,
  );
  const tasks = [plain, ...(baseline ? [baseline] : []), ours, peer].map((side) => of(side, (s) => s.longTasks));
  const tbt = [plain, ours, peer].map((side) => fmt(of(side, (s) => s.tbtMs))).join(' / ');
  return (
    `| ${LABELS[workload]} | ${fmt(a)} ms | ${before}${fmt(b)} ms | **${added(b, a)}** | ${fmt(c)} ms | ${added(c, a)} ` +
    `| ${fmt(wa)} / ${walls.join(' / ')} ms | ${tasks.join(' / ')} | ${tbt} ms |`
  );
}

function loopLine(
  label: string,
  pick: (side: Side) => number[],
  { plain, ours, peer, baseline, baselineName = 'before' }: Sides,
): string {
  const native = median(pick(plain));
  const cell = (name: string, side: Side) =>
    `${name} ${fmt(median(pick(side)), 2)} µs (${fmt(median(pick(side)) / native, 2)}×)`;
  const before = baseline ? `${cell(baselineName, baseline)}, ` : '';
  return `${label}: ${fmt(native, 2)} µs native, ${before}${cell('ours', ours)}, ${cell('chrome-devtools-mcp', peer)}`;
}

/** The browser's UI thread, which every tab and window shares, in CPU during each workload. */
function browserTable(sides: Sides, peerName: string): string[] {
  const named: [string, Side | undefined][] = [
    ['without', sides.plain],
    [sides.baselineName ?? 'before', sides.baseline],
    ['with Browser Debug', sides.ours],
    [`with ${peerName}`, sides.peer],
  ];
  const shown = named.filter((entry): entry is [string, Side] => entry[1] !== undefined);
  return [
    `| Browser UI thread (CPU) | ${shown.map(([name]) => name).join(' | ')} |`,
    `|---|${shown.map(() => '---|').join('')}`,
    ...ACTIVE_WORKLOADS.map(
      (workload) =>
        `| ${LABELS[workload]} | ${shown.map(([, side]) => `${fmt(medianOf(side, workload, (s) => s.browserMs))} ms`).join(' | ')} |`,
    ),
  ];
}

/**
 * A side against the peer round by round: each round runs every side back to back, so the machine's drift between
 * rounds, which moves a side's median by more than the gap, cancels. Points of that round's page without us.
 */
export function pairedCells(workload: Workload, side: Side, { plain, peer }: Pick<Sides, 'plain' | 'peer'>): string {
  const gaps = side.samples[workload]
    .map(
      (sample, i) => ((sample.mainMs - peer.samples[workload][i]!.mainMs) / plain.samples[workload][i]!.mainMs) * 100,
    )
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const quartile = (q: number) => gaps[Math.floor((gaps.length - 1) * q)]!;
  return `${fmt(median(gaps))} | ${fmt(quartile(0.25))} to ${fmt(quartile(0.75))} | ${gaps.filter((gap) => gap <= 5).length} of ${gaps.length}`;
}

/** Several sides against the peer, round by round (BENCH_BUILDS and floor variants beside ours). */
export function pairedTable(rows: [string, Side][], sides: Pick<Sides, 'plain' | 'peer'>): string[] {
  return [
    `| Main thread − peer, round by round (points) | ${ACTIVE_WORKLOADS.map((w) => `${LABELS[w]}: median | middle half | rounds ≤ +5`).join(' | ')} |`,
    `|---|${ACTIVE_WORKLOADS.map(() => '---|---|---|').join('')}`,
    ...rows.map(
      ([name, side]) => `| ${name} | ${ACTIVE_WORKLOADS.map((w) => pairedCells(w, side, sides)).join(' | ')} |`,
    ),
  ];
}

/** The tables of one run, in Markdown, as docs/costs.md quotes them. */
export function report(sides: Sides, peerName: string, threadClock: { thread: number; wall: number }): string[] {
  const { plain, ours } = sides;
  return [
    `| Workload | Main thread without | with Browser Debug | Added | with ${peerName} | Added | Wall time without${sides.baseline ? ` / ${sides.baselineName ?? 'before'}` : ''} / ours / peer | Long tasks without${sides.baseline ? ` / ${sides.baselineName ?? 'before'}` : ''} / ours / peer | TBT without / ours / peer |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...ACTIVE_WORKLOADS.map((workload) => row(workload, sides)),
    '',
    `Main thread and UI thread: CPU time of the thread's tasks from a workload's start to 1 s after its end, ` +
      `before the next starts, so what a capture does later counts with its workload (the trace's thread clock; ` +
      `${threadClock.wall} of ${threadClock.thread + threadClock.wall} tasks had none, and count their wall time).`,
    '',
    `| Main thread, ours − peer round by round (points of the round's without) | median | middle half | rounds ≤ +5 |`,
    '|---|---|---|---|',
    ...ACTIVE_WORKLOADS.map((workload) => `| ${LABELS[workload]} | ${pairedCells(workload, sides.ours, sides)} |`),
    '',
    ...browserTable(sides, peerName),
    '',
    `${loopLine('console.log in a tight loop', (side) => side.callCost, sides)} (target ≤ 2×)`,
    // The wall time above also counts our worker and the connector taking the core from the page.
    loopLine('  in main-thread CPU', (side) => side.callCpu, sides),
    `LCP of the app: ${fmt(median(plain.lcp), 0)} ms without, ${fmt(median(ours.lcp), 0)} ms with ours`,
  ];
}
