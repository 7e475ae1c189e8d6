/**
 * Many agents, one Chrome (issue 32): the shop flow (sign in, add to cart, check out, confirm) run by 1, 2, 4
 * and 8 MCP clients at once, each in its own tab, in one run. Prints each flow's wall time, p95 per call, and
 * the speed-up against one agent. Beside it chrome-devtools-mcp, one client (process) per page attached to
 * one shared Chromium, on the same flow. Ours: the standalone connector (dist/cli.js) and Chromium with our
 * extension, the developer's own tab active throughout. Each agent's MCP client runs in its own process
 * (flowAgent.ts), as real agents do; a child that fails stops the bench with its error (exit code 1).
 * Usage: npm run bench:agents   (prints figures; not a test). BENCH_AGENTS sets the counts (default 1,2,4,8);
 * BENCH_AGENTS_PEER=0 skips the peer, BENCH_AGENTS_OURS=0 ours. With 1 and 4 among the counts it prints CPU time per
 * process and thread and the CPU floor (cpuReport.ts); BENCH_AGENTS_RENICE=1 (root) runs ours again with hidden tabs'
 * renderers held at nice 0 (renice.ts).
 */
import { resolve } from 'node:path';
import { startActApp, type ActAppServer } from '../test/e2e/support/actAppServer';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { freePortRun } from '../test/support/ports';
import { installPeer, PEER_VERSION } from './chromeDevtoolsMcp';
import { runBench, startConnector } from './connectorProcess';
import { launchRaw } from '../test/e2e/support/rawCdp';
import { load1, roundCpu, watchCpu, type CpuWatch, type RoundCpu } from './cpuSampler';
import { reportCpu } from './cpuReport';
import { holdNiceZero, mayRenice } from './renice';
import { forkAgent, type AgentProcess } from './agentProcess';
import { STEPS, type FlowTimes } from './agentFlow';

const COUNTS = (process.env.BENCH_AGENTS ?? '1,2,4,8').split(',').map(Number);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** An agent in its own process: asked a marker, it runs the shop flow once and answers its times. */
type Agent = AgentProcess<string, FlowTimes>;

/** Starts one side's agent process (flowAgent.ts) with its settings; it is ready once its client is connected. */
const flowAgent = (app: ActAppServer, env: Record<string, string>) => () =>
  forkAgent<string, FlowTimes>(resolve(__dirname, 'flowAgent.ts'), { ORIGIN: app.origin, ...env });

interface Round {
  agents: number;
  /** From the first call of any flow to the end of the last flow. */
  allMs: number;
  flows: number[];
  calls: number[];
  /** CPU ms per kind of process during the round (ours only). */
  cpu?: RoundCpu;
  /** The 1-minute load average when the round started and ended. */
  load: [number, number];
}

/** `count` flows at once, one per agent process; agents are started (their sessions opened) before the clock starts. */
async function round(count: number, start: () => Promise<Agent>, side: string, watch?: CpuWatch): Promise<Round> {
  const started = await Promise.allSettled(Array.from({ length: count }, start));
  const agents = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failedToStart = started.find((result) => result.status === 'rejected');
    if (failedToStart) throw failedToStart.reason;
    const before = watch?.snapshot();
    const loadStart = load1();
    const clock = performance.now();
    const settled = await Promise.allSettled(agents.map((agent, i) => agent.ask(`${side}-${count}-${i}`)));
    const allMs = performance.now() - clock;
    // Before the sessions end: their tabs' renderers exit then, and their CPU time with them.
    const cpu = before && roundCpu(before, watch!.snapshot());
    const load: [number, number] = [loadStart, load1()];
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const results = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    return {
      agents: count,
      allMs,
      flows: results.map((result) => result.wallMs),
      calls: results.flatMap((result) => result.callMs),
      cpu,
      load,
    };
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
  }
}

function report(label: string, rounds: Round[]): void {
  const one = rounds.find((entry) => entry.agents === 1);
  console.log(`\n${label}`);
  console.log(
    `${'agents'.padStart(6)} ${'all flows'.padStart(10)} ${'flow p50'.padStart(9)} ${'flow max'.padStart(9)} ${'call p50'.padStart(9)} ${'call p95'.padStart(9)} ${'× 1 flow'.padStart(9)} ${'speed-up'.padStart(9)}`,
  );
  for (const entry of rounds) {
    const ratio = one ? entry.allMs / one.allMs : Number.NaN;
    const load = `load ${entry.load[0].toFixed(1)}→${entry.load[1].toFixed(1)}`;
    const speedUp = one ? (entry.agents * one.allMs) / entry.allMs : Number.NaN;
    console.log(
      `${String(entry.agents).padStart(6)} ${`${entry.allMs.toFixed(0)} ms`.padStart(10)} ${`${percentile(entry.flows, 50).toFixed(0)} ms`.padStart(9)} ${`${Math.max(...entry.flows).toFixed(0)} ms`.padStart(9)} ${`${percentile(entry.calls, 50).toFixed(0)} ms`.padStart(9)} ${`${percentile(entry.calls, 95).toFixed(0)} ms`.padStart(9)} ${ratio.toFixed(2).padStart(8)}× ${speedUp.toFixed(2).padStart(8)}×  ${load}`,
    );
  }
  const perStep = (entry: Round) =>
    STEPS.map(
      (step, i) =>
        `${step} ${percentile(
          entry.calls.filter((_, n) => n % STEPS.length === i),
          50,
        ).toFixed(0)}`,
    );
  for (const entry of [one, rounds.at(-1)])
    if (entry) console.log(`  step p50 (ms) at ${entry.agents}: ${perStep(entry).join(', ')}`);
  const four = rounds.find((entry) => entry.agents === 4);
  if (one?.cpu && four?.cpu) reportCpu(one, four);
  if (one && four)
    console.log(
      `\nTargets: 4 agents ≤ 1.5× one flow's time: ${(four.allMs / one.allMs).toFixed(2)}× (${four.allMs <= 1.5 * one.allMs ? 'met' : 'MISSED'}); p95 per call at 4 ≤ 2× one agent's: ${(percentile(four.calls, 95) / percentile(one.calls, 95)).toFixed(2)}× (${percentile(four.calls, 95) <= 2 * percentile(one.calls, 95) ? 'met' : 'MISSED'}).`,
    );
}

/** Ours, and (BENCH_AGENTS_RENICE=1, as root) ours again with Chromium's hidden-tab priority lifted. */
async function oursRounds(chromium: string, app: ActAppServer): Promise<{ rounds: Round[]; reniced?: Round[] }> {
  const port = await freePortRun(1);
  const connector = await startConnector(port);
  const browser = await launchWithExtension(chromium);
  try {
    await connectExtension(browser.worker, port);
    const human = await browser.context.newPage();
    await human.goto(`${app.origin}/?human`);
    await human.bringToFront();
    const watch = watchCpu(connector.pid, browser.profile);
    // Its session ends with a DELETE when it closes, and its tab closes with it.
    const connect = flowAgent(app, { SIDE: 'ours', PORT: String(port) });
    await round(1, connect, 'warm');
    const rounds: Round[] = [];
    for (const count of COUNTS) rounds.push(await round(count, connect, 'ours', watch));
    if (process.env.BENCH_AGENTS_RENICE !== '1') return { rounds };
    if (!mayRenice()) return (console.log('\nBENCH_AGENTS_RENICE needs root on Linux: skipped.'), { rounds });
    const stop = holdNiceZero(watch);
    try {
      const reniced: Round[] = [];
      for (const count of COUNTS) reniced.push(await round(count, connect, 'nice0', watch));
      return { rounds, reniced };
    } finally {
      stop();
    }
  } finally {
    await browser.close();
    connector.kill();
  }
}

async function peerRounds(chromium: string, app: ActAppServer): Promise<Round[]> {
  const bin = installPeer();
  const browser = await launchRaw(chromium);
  try {
    const connect = flowAgent(app, { SIDE: 'peer', PEER_BIN: bin, ENDPOINT: browser.endpoint });
    await round(1, connect, 'warm');
    const rounds: Round[] = [];
    for (const count of COUNTS)
      try {
        rounds.push(await round(count, connect, 'peer'));
      } catch (error) {
        // The peer's failed round is reported as failed, and the next one goes on.
        console.log(`chrome-devtools-mcp, ${count} at once: a flow failed (${(error as Error).message.slice(0, 200)})`);
      }
    return rounds;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const app = await startActApp();
  try {
    if (process.env.BENCH_AGENTS_OURS !== '0') {
      const { rounds, reniced } = await oursRounds(chromium, app);
      report('Browser Debug: one Chrome with our extension, one MCP session (agent) per tab', rounds);
      if (reniced)
        report('Browser Debug again, every Chromium process held at nice ≤ 0 (hidden tabs run at 5)', reniced);
    }
    if (process.env.BENCH_AGENTS_PEER !== '0') {
      const peer = await peerRounds(chromium, app).catch((error: Error) => {
        console.log(`\nchrome-devtools-mcp ${PEER_VERSION}: could not run the flow (${error.message.slice(0, 300)})`);
        return undefined;
      });
      if (peer) report(`chrome-devtools-mcp ${PEER_VERSION}: one client process per page, one shared Chromium`, peer);
    }
    console.log('\nA shared 2-core machine: figures are noisy; compare within one run.');
  } finally {
    await app.close();
  }
}

runBench(main);
