/**
 * Where parallel agents wait (issue 32): each stage of the acting path timed alone, per call, with 1 and 4
 * agents calling at once, each in its own background tab and its own process (stageAgent.ts), as real agents are. A stage whose per-call median grows by about the
 * agent count is serialised somewhere; one that stays near 1× is not. The stages, cheapest first:
 *   list_tabs (MCP → connector → WS → extension → chrome.tabs, no page),
 *   execute_javascript "1" (adds the tab's queue and one chrome.debugger round trip),
 *   hover (pointer moves and the settle wait), take_snapshot (the accessibility tree, page work).
 * Usage: npm run bench:agents:stages   (prints figures; not a test). BENCH_STAGE_CALLS sets calls per agent (20).
 */
import { resolve } from 'node:path';
import { startActStage } from './actStage';
import { runBench } from './connectorProcess';
import { median } from './median';
import { cpuBetween, load1, watchCpu } from './cpuSampler';
import { STAGES, type Stage } from './agentStageList';
import { forkAgent, type AgentProcess } from './agentProcess';

const CALLS = Number(process.env.BENCH_STAGE_CALLS ?? 20);
const COUNTS = (process.env.BENCH_STAGE_AGENTS ?? '1,4').split(',').map(Number);

/** An agent in its own process (stageAgent.ts): asked a stage's name, it answers the times of its calls. */
type Agent = AgentProcess<string, number[]>;

/** An agent once it opened its tab and took its first snapshot. */
const agent = (port: number, url: string): Promise<Agent> =>
  forkAgent(resolve(__dirname, 'stageAgent.ts'), { PORT: String(port), URL: url, CALLS: String(CALLS) });

/** `CALLS` calls of one stage per agent, the agents at once; the per-call times of all agents. */
async function timeStage(agents: Agent[], stage: Stage): Promise<number[]> {
  return (await Promise.all(agents.map((one) => one.ask(stage.name)))).flat();
}

/** Ends each agent's session (its tab closes) and waits for its process to exit. */
const closeAll = (agents: Agent[]) => Promise.all(agents.map((one) => one.close()));

async function main(): Promise<void> {
  const stage = await startActStage();
  const { app, port, browser, connector } = stage;
  try {
    const human = await browser.context.newPage();
    await human.goto(`${app.origin}/?human`);
    await human.bringToFront();
    const figures = new Map<string, number[]>();
    const cpu = new Map<string, Map<string, number>>();
    const watch = watchCpu(connector.pid, browser.profile);
    for (const count of COUNTS) {
      const agents = await Promise.all(
        Array.from({ length: count }, (_, i) => agent(port, `${app.origin}/?stage-${count}-${i}`)),
      );
      for (const stage of STAGES) {
        const before = watch.snapshot();
        figures.set(`${stage.name}@${count}`, await timeStage(agents, stage));
        cpu.set(`${stage.name}@${count}`, cpuBetween(before, watch.snapshot()));
      }
      await closeAll(agents);
    }
    console.log(`\nPer-call median (ms), ${CALLS} calls per agent, agents calling at once`);
    console.log(`${'stage'.padEnd(24)} ${COUNTS.map((count) => `${count} agent(s)`.padStart(11)).join(' ')}  ratio`);
    for (const stage of STAGES) {
      const medians = COUNTS.map((count) => median(figures.get(`${stage.name}@${count}`)!));
      const ratio = medians.at(-1)! / medians[0]!;
      console.log(
        `${stage.name.padEnd(24)} ${medians.map((ms) => ms.toFixed(1).padStart(11)).join(' ')} ${ratio.toFixed(2).padStart(5)}×`,
      );
    }
    printCpuPerCall(cpu, COUNTS);
    console.log(
      `\nA ratio near 4× means the stage is serialised; near 1×, parallel. Load ${load1().toFixed(1)}: noisy.`,
    );
  } finally {
    await stage.close();
  }
}

/** CPU ms per call, per process kind, for each stage at each agent count: what one call costs, and where. */
function printCpuPerCall(cpu: Map<string, Map<string, number>>, counts: number[]): void {
  const kinds = [...new Set([...cpu.values()].flatMap((spent) => [...spent.keys()]))].sort();
  console.log(`\nCPU ms per call (/proc), by process; ${counts.map((count) => `${count} agent(s)`).join(' / ')}`);
  console.log(`${'stage'.padEnd(24)} ${kinds.map((kind) => kind.slice(0, 16).padStart(17)).join('')}`);
  for (const stage of STAGES) {
    const cells = kinds.map((kind) =>
      counts
        .map((count) => ((cpu.get(`${stage.name}@${count}`)?.get(kind) ?? 0) / (CALLS * count)).toFixed(1))
        .join('/')
        .padStart(17),
    );
    console.log(`${stage.name.padEnd(24)} ${cells.join('')}`);
  }
}

runBench(main);
