/**
 * Network mock benchmark: the page-observed latency of a fetch answered by Browser Debug's mock_network
 * (Fetch domain on the action session), next to the same fetch unmocked, and next to Playwright's
 * page.route fulfilling it in its own Chromium, on the same fixture (test/e2e/fixtures/actApp), in one run.
 * Usage: npm run bench:mock   (prints figures; not a test). BENCH_MOCK_RUNS sets the fetches per case (default 60).
 */
import { chromium, type Page } from 'playwright-core';
import { startActApp } from '../test/e2e/support/actAppServer';
import { chromiumPath, connectExtension, FLAGS, launchWithExtension } from '../test/e2e/support/chromium';
import { call, httpClient, startMcpConnector } from '../test/support/mcp';

const RUNS = Number(process.env.BENCH_MOCK_RUNS ?? 60);
const WARM_UP = 5;
const BODY = JSON.stringify({ teas: ['mocked'] });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Milliseconds the page waits for each `fetch(menu.json)` and its body, one after another. */
async function fetchTimes(page: Page): Promise<number[]> {
  return page.evaluate(
    async ({ runs, warmUp }) => {
      const times: number[] = [];
      for (let i = 0; i < runs + warmUp; i++) {
        const started = performance.now();
        await (await fetch(`menu.json?n=${i}`, { cache: 'no-store' })).text();
        if (i >= warmUp) times.push(performance.now() - started);
      }
      return times;
    },
    { runs: RUNS, warmUp: WARM_UP },
  );
}

async function main(): Promise<void> {
  const executable = chromiumPath();
  if (!executable) throw new Error('Chromium is missing: install it or set CHROME_PATH.');
  const [connector, app] = await Promise.all([startMcpConnector(), startActApp()]);
  const figures: Record<string, number> = {};
  try {
    const ours = await launchWithExtension(executable);
    try {
      await connectExtension(ours.worker, connector.port);
      const { client } = await httpClient(connector.port);
      const page = await ours.context.newPage();
      await page.goto(`${app.origin}/mocks.html`);
      await page.bringToFront();
      figures['ours, unmocked'] = median(await fetchTimes(page));
      const set = await call(client, 'mock_network', { url: '*/menu.json*', action: 'respond', body: BODY });
      if (set.isError) throw new Error(JSON.stringify(set.content));
      figures['ours, mock_network respond'] = median(await fetchTimes(page));
      await call(client, 'clear_network_mocks', {});
      await client.close();
    } finally {
      await ours.close();
    }
    const theirs = await chromium.launch({ executablePath: executable, headless: true, args: FLAGS });
    try {
      const page = await theirs.newPage();
      await page.goto(`${app.origin}/mocks.html`);
      figures['Playwright, unmocked'] = median(await fetchTimes(page));
      await page.route('**/menu.json*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: BODY }),
      );
      figures['Playwright, page.route fulfill'] = median(await fetchTimes(page));
    } finally {
      await theirs.close();
    }
  } finally {
    await Promise.all([connector.stop(), app.close()]);
  }
  console.log(`Page-observed fetch latency, median of ${RUNS} sequential fetches (after ${WARM_UP} warm-up):`);
  for (const [name, ms] of Object.entries(figures)) console.log(`  ${name.padEnd(34)} ${ms.toFixed(2)} ms`);
  const ratio = figures['ours, mock_network respond']! / figures['Playwright, page.route fulfill']!;
  console.log(`  mocked, ours ÷ Playwright's: ${ratio.toFixed(2)}× (target ≤ 1.5×)`);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
