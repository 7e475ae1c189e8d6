/**
 * Evidence benchmark: the 10-step shop replay with and without video (alternating, same browser), and
 * the video's size for 10 s of a busy 1280×800 tab (a clock ticking every 100 ms and a moving gradient), then the
 * visual diff per step (bench/visualDiffFigures.ts, also alone as `npm run bench:visual`).
 * Usage: npm run bench:evidence   (prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connector } from '../src/connector/connector';
import type { RunRecord } from '../src/shared/evidence';
import type { ReplayVerdict } from '../src/shared/recording';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { startShopServer } from '../test/e2e/support/shopServer';
import { get, post } from '../test/support/http';
import { listenOnLoopback } from '../test/support/staticFiles';
import { until } from '../test/support/until';
import { median } from './median';
import { shopFlow } from './shopFlow';
import { visualDiffFigures } from './visualDiffFigures';

const RUNS = 5;

const BUSY_PAGE = `<!doctype html><title>busy</title>
<style>body{margin:0;font:48px system-ui}#g{height:100vh;background:linear-gradient(90deg,#c33,#33c,#3c3);background-size:300% 100%;animation:m 3s linear infinite}@keyframes m{to{background-position:300% 0}}</style>
<div id="g"><p id="clock"></p></div>
<script>setInterval(()=>{clock.textContent=new Date().toISOString()},100)</script>`;

/** Ten seconds on a page that changes all the time: the worst case for the video's size. */
function busyFlow(origin: string) {
  return {
    title: 'bench: 10 s of a busy tab',
    steps: [
      { type: 'navigate', url: `${origin}/` },
      { type: 'waitForExpression', expression: 'performance.now() > 10000', timeout: 15_000 },
    ],
  };
}

async function replay(port: number, id: string, video: boolean): Promise<{ ms: number; verdict: ReplayVerdict }> {
  const started = performance.now();
  const verdict = (await post(port, `/recordings/${id}/replay`, { video })).json as ReplayVerdict;
  const ms = performance.now() - started;
  if (verdict.verdict === 'diverged') throw new Error(`replay diverged: ${verdict.summary}`);
  return { ms, verdict };
}

async function runOf(port: number, verdict: ReplayVerdict): Promise<RunRecord> {
  return (await get(port, `/recordings/${verdict.recordingId}/runs/${verdict.runId}`)).json as RunRecord;
}

/** The run once its video is attached: the verdict answers before the encoder has finished. */
async function filmedRunOf(port: number, verdict: ReplayVerdict): Promise<RunRecord> {
  let run = await runOf(port, verdict);
  await until(async () => !(run = await runOf(port, verdict)).videoPending, 120_000, 'the video', 20);
  if (!run.video) throw new Error(`no video: ${run.videoError}`);
  return run;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-evidence-'));
  const connector = await Connector.start({ port: 0, screenshots: { dir }, recordings: { dir } });
  const shop = await startShopServer();
  const busy = await listenOnLoopback(createServer((_req, res) => res.end(BUSY_PAGE)));
  const browser = await launchWithExtension(executablePath);
  try {
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    await page.goto(`${shop.origin}/`);
    const id = (await post(connector.port, '/recordings/import', { flow: shopFlow(shop.origin) })).json.id as string;
    const plain: number[] = [];
    const filmed: number[] = [];
    const perTenSeconds: number[] = [];
    const videoReady: number[] = [];
    // One warm-up each (the debugger attach, the offscreen document), then alternate.
    await replay(connector.port, id, false);
    await filmedRunOf(connector.port, (await replay(connector.port, id, true)).verdict);
    for (let run = 0; run < RUNS; run++) {
      plain.push((await replay(connector.port, id, false)).ms);
      const started = performance.now();
      const withVideo = await replay(connector.port, id, true);
      filmed.push(withVideo.ms);
      // The next replay starts once the video is in, so it does not share the CPU with the encoder.
      const video = (await filmedRunOf(connector.port, withVideo.verdict)).video!;
      videoReady.push(performance.now() - started);
      perTenSeconds.push((video.bytes / video.durationMs) * 10_000);
    }
    await page.goto(`${busy.origin}/`);
    const busyId = (await post(connector.port, '/recordings/import', { flow: busyFlow(busy.origin) })).json
      .id as string;
    const busyRun = await filmedRunOf(connector.port, (await replay(connector.port, busyId, true)).verdict);
    const busyVideo = busyRun.video!;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(`Replay of a 10-step flow, ${RUNS} runs each, medians (same browser, alternating):`);
    console.log(`  without video: ${median(plain).toFixed(0)} ms`);
    console.log(
      `  with video:    ${median(filmed).toFixed(0)} ms  (${(median(filmed) / median(plain)).toFixed(2)}×; target ≤ 1.3×)`,
    );
    console.log(`  with video, until the video is attached: ${median(videoReady).toFixed(0)} ms`);
    console.log(`  its video per 10 s: ${kb(median(perTenSeconds))}`);
    console.log(
      `Busy 1280×800 tab (clock every 100 ms, moving gradient): ${(busyVideo.durationMs / 1000).toFixed(1)} s of ${busyVideo.width}×${busyVideo.height} video, ${kb(busyVideo.bytes)} = ${kb((busyVideo.bytes / busyVideo.durationMs) * 10_000)} per 10 s (target ≤ 1 MB)`,
    );
    console.log(await visualDiffFigures());
  } finally {
    await browser.close();
    await Promise.all([shop.close(), busy.close()]);
    await connector.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
