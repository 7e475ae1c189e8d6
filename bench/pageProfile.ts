/** bench:page's one figure taken with a debugger attached: a CPU profile of one workload, self time by script. */
import { PAGE_HOOK_SOURCE_URL } from '../src/shared/stackFrames';
import type { RawBrowser } from './rawCdp';

/** The workload profiled (BENCH_PROFILE, the console workload by default). */
export const PROFILED = process.env.BENCH_PROFILE ?? 'consoleWorkload';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

/** Self time of one workload by script, with the extension: which of our code costs what. */
export async function profileOurCode(browser: RawBrowser, origin: string): Promise<string[]> {
  const page = await browser.open(`${origin}/index.html`);
  await browser.send('Profiler.enable', {}, page.sessionId);
  await browser.send('Profiler.setSamplingInterval', { interval: 100 }, page.sessionId);
  await browser.send('Profiler.start', {}, page.sessionId);
  await page.evaluate(`${PROFILED}()`);
  const { profile } = await browser.send<{
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  }>('Profiler.stop', {}, page.sessionId);
  await page.close();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const delta = profile.timeDeltas[i]! / 1000;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    total += delta;
    const script = frame.url.startsWith('chrome-extension://')
      ? `ours: ${frame.url.split('/').slice(3).join('/')}`
      : frame.url === PAGE_HOOK_SOURCE_URL
        ? 'ours: pageHook.js'
        : frame.url
          ? 'the page'
          : 'native/V8';
    const key = `${script} › ${frame.functionName || '(anonymous)'}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([key, ms]) => `  ${fmt(ms)} ms  ${key}`)
    .concat(`  (${fmt(total)} ms busy in all)`);
}
