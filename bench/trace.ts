/**
 * Trace benchmark: a reload trace with insights of the same page, side by side in one run —
 * Browser Debug's `POST /performance-trace` (the developer's tab, through the browser extension) and
 * chrome-devtools-mcp 1.11's `performance_start_trace {reload, autoStop}` (its own headless Chromium).
 * The page's LCP image is held 1.2 s by the server, as in the issue. Wall time from request to answer.
 * Usage: npm run bench:trace   (BENCH_RUNS=3 by default; prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { startPerfSite } from '../test/e2e/support/perfSite';
import { startTestConnector } from '../test/support/connector';
import { post } from '../test/support/http';
import { installPeer, PEER_VERSION, startPeer } from './chromeDevtoolsMcp';
import { median } from './median';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function peerTrace(client: Client): Promise<{ ms: number; lcp: string }> {
  const start = performance.now();
  const result = (await client.callTool(
    { name: 'performance_start_trace', arguments: { reload: true, autoStop: true } },
    undefined,
    { timeout: 120_000 },
  )) as { content: { text?: string }[] };
  const ms = performance.now() - start;
  const text = result.content.map((item) => item.text ?? '').join('\n');
  const lcp = /LCP: (\d+) ms/.exec(text)?.[1];
  if (!lcp) throw new Error(`chrome-devtools-mcp gave no LCP:\n${text.slice(0, 1500)}`);
  return { ms, lcp };
}

async function ourTrace(port: number): Promise<{ ms: number; lcp: string; recordMs: number }> {
  const start = performance.now();
  const { status, json } = await post(port, '/performance-trace', {});
  const ms = performance.now() - start;
  if (status !== 200) throw new Error(`POST /performance-trace answered ${status}: ${JSON.stringify(json)}`);
  return { ms, lcp: String(json.summary.lcp?.ms ?? '?'), recordMs: json.summary.durationMs };
}

async function main(): Promise<void> {
  const chromium = chromiumPath();
  if (!chromium) throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH.');
  const bin = installPeer();
  const storage = mkdtempSync(join(tmpdir(), 'bd-bench-trace-'));
  const site = await startPerfSite(1200);
  const url = `${site.origin}/`;
  const connector = await startTestConnector({ audits: { reportDir: join(storage, 'audits') } });
  const browser = await launchWithExtension(chromium);
  await connectExtension(browser.worker, connector.port);
  const page = await browser.context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const peer = await startPeer(bin, chromium);
  const navigated = (await peer.callTool({ name: 'navigate_page', arguments: { type: 'url', url } })) as {
    isError?: boolean;
    content: { text?: string }[];
  };
  if (navigated.isError) throw new Error(`chrome-devtools-mcp could not open the page: ${navigated.content[0]?.text}`);
  // One untimed round each: the trace engine loads and both browsers warm their caches.
  await ourTrace(connector.port);
  await peerTrace(peer);
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const a = await ourTrace(connector.port);
    const b = await peerTrace(peer);
    ours.push(a.ms);
    theirs.push(b.ms);
    console.log(
      `run ${i + 1}: Browser Debug ${seconds(a.ms)} (LCP ${a.lcp} ms, ${seconds(a.recordMs)} traced after the navigation) · chrome-devtools-mcp ${seconds(b.ms)} (LCP ${b.lcp} ms)`,
    );
  }
  const ratio = median(ours) / median(theirs);
  console.log(`\nReload trace with insights, page with a 1.2 s LCP image, medians of ${RUNS}:`);
  console.log(`  Browser Debug performance_trace          ${seconds(median(ours))}`);
  console.log(`  chrome-devtools-mcp ${PEER_VERSION} performance_start_trace ${seconds(median(theirs))}`);
  console.log(`  ratio ${ratio.toFixed(2)}× (target ≤ 0.70×)`);
  await peer.close();
  await browser.close();
  await connector.stop();
  await site.close();
  rmSync(storage, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
