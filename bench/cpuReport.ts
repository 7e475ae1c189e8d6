/**
 * Prints where the CPU went in the 1-agent and the N-agent round of bench:agents, and the CPU floor: N flows
 * that each cost C ms of CPU (summed over every process) cannot finish on K cores before max(W, N·C / K, N·T),
 * where W is one flow's wall time and T the busiest single thread's CPU in one flow (a thread uses one core at
 * a time). The floor's ratio to W is the best `N agents ÷ 1 agent` this machine allows.
 */
import { cores, cpuFloorMs, type RoundCpu } from './cpuSampler';

export interface CpuRound {
  agents: number;
  allMs: number;
  cpu?: RoundCpu;
}

const sum = (spent: Map<string, number>) => [...spent.values()].reduce((total, ms) => total + ms, 0);

/** Rows of `label, 1 agent, N agents, N agents per flow`, the busiest at N first. */
function table(
  title: string,
  one: Map<string, number>,
  many: Map<string, number>,
  n: number,
  rows: number,
  total = false,
): void {
  const labels = [...new Set([...one.keys(), ...many.keys()])]
    .sort((a, b) => (many.get(b) ?? 0) - (many.get(a) ?? 0))
    .slice(0, rows);
  console.log(`\n${title.padEnd(44)} ${'1 agent'.padStart(8)} ${`${n} agents`.padStart(9)} ${'per flow'.padStart(9)}`);
  const row = (label: string, a: number, b: number) =>
    console.log(
      `${label.slice(0, 44).padEnd(44)} ${a.toFixed(0).padStart(8)} ${b.toFixed(0).padStart(9)} ${(b / n).toFixed(0).padStart(9)}`,
    );
  for (const label of labels) row(label, one.get(label) ?? 0, many.get(label) ?? 0);
  if (total) row('all', sum(one), sum(many));
}

export function reportCpu(one: CpuRound, many: CpuRound): void {
  const [a, b] = [one.cpu!, many.cpu!];
  const n = many.agents;
  table('CPU ms per process (/proc utime+stime)', a.procs, b.procs, n, 20, true);
  table('CPU ms per thread kind (the busiest 8)', a.threads, b.threads, n, 8);
  const [c1, cN, k] = [sum(a.procs), sum(b.procs), cores()];
  const floor = cpuFloorMs(n, c1, one.allMs, a.busiest.cpuMs, k);
  const floorAtN = cpuFloorMs(n, cN / n, one.allMs, b.busiest.cpuMs / n, k);
  console.log(
    `\nCPU floor (${k} cores): one flow costs C = ${c1.toFixed(0)} ms CPU in W = ${one.allMs.toFixed(0)} ms wall; ` +
      `its busiest thread (${a.busiest.kind}) T = ${a.busiest.cpuMs.toFixed(0)} ms. ` +
      `${n} flows cannot end before max(W, ${n}·C/${k}, ${n}·T) = ${floor.toFixed(0)} ms = ${(floor / one.allMs).toFixed(2)}× one flow; ` +
      `with what a flow cost at ${n} (C = ${(cN / n).toFixed(0)} ms): ${(floorAtN / one.allMs).toFixed(2)}×. ` +
      `Measured ${(many.allMs / one.allMs).toFixed(2)}×; ours kept the ${k} cores ${((100 * cN) / (many.allMs * k)).toFixed(0)}% busy.`,
  );
}
