/**
 * Browser extension benchmark: page-to-connector latency of console.log, a 100k-log burst (rate and
 * loss), the cost our capture adds to each console.log in the page (with and without the extension,
 * side by side), and screenshot round trips through POST /capture-screenshot.
 * Usage: npm run bench:extension   (prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { Connector } from '../src/connector/connector';
import { chromiumPath, connectExtension, launchWithExtension, until } from '../test/e2e/support/chromium';
import { startFixtureServer } from '../test/e2e/support/fixtureServer';
import { median } from './median';
import { callerHeaders } from '../test/support/callerSecret';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Time per console.log in the page, in µs: the median of 5 runs of 20k calls. */
const perCallScript = `(() => {
  const runs = [];
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    for (let i = 0; i < 20000; i++) console.log('cost probe', i);
    runs.push(((performance.now() - start) * 1000) / 20000);
  }
  return runs.sort((a, b) => a - b)[2];
})()`;

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const shots = mkdtempSync(join(tmpdir(), 'bd-bench-shots-'));
  const connector = await Connector.start({ port: 0, screenshots: { dir: shots } });
  const site = await startFixtureServer();
  const browser = await launchWithExtension(executablePath);
  const results: [string, string][] = [];
  try {
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    await page.goto(`${site.origin}/blank.html`);

    const latencies: number[] = [];
    const off = connector.services.store.onEntry((entry) => {
      if (entry.type === 'console-log' && entry.message.startsWith('latency '))
        latencies.push(Date.now() - entry.timestamp);
    });
    await page.evaluate(
      `new Promise((done) => { let i = 0; const t = setInterval(() => { console.log('latency ' + i); if (++i === 500) { clearInterval(t); done(); } }, 10); })`,
    );
    await until(() => latencies.length === 500, 10_000);
    off();
    results.push([
      'console.log → connector store latency, 500 logs 10 ms apart: p50 / p99 (ms)',
      `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))}`,
    ]);

    const burst = 100_000;
    let arrived = 0;
    let first = 0;
    let last = 0;
    const offBurst = connector.services.store.onEntry((entry) => {
      if (entry.type !== 'console-log' || !entry.message.startsWith('burst ')) return;
      if (!arrived) first = entry.timestamp;
      arrived++;
      last = Date.now();
    });
    await page.evaluate(`(() => { for (let i = 0; i < ${burst}; i++) console.log('burst ' + i); })()`);
    await until(() => arrived === burst, 120_000).catch(() => undefined);
    offBurst();
    results.push([`Burst of ${fmt(burst, 0)} logs: arrived / lost`, `${fmt(arrived, 0)} / ${fmt(burst - arrived, 0)}`]);
    results.push([
      'Burst: sustained capture rate, first log to last stored (logs/s)',
      fmt(arrived / ((last - first) / 1000), 0),
    ]);

    const withExtension = (await page.evaluate(perCallScript)) as number;
    const bare = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const barePage = await bare.newPage();
    await barePage.goto(`${site.origin}/blank.html`);
    const without = (await barePage.evaluate(perCallScript)) as number;
    await bare.close();
    results.push([
      'console.log in the page, without / with the extension (µs per call)',
      `${fmt(without, 2)} / ${fmt(withExtension, 2)}`,
    ]);
    results.push(['Cost our capture adds per console.log (µs, same run)', fmt(withExtension - without, 2)]);

    await page.goto(`${site.origin}/`);
    const visible: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < 15; i++) {
      await new Promise((r) => setTimeout(r, 550));
      visible.push(await timePost(connector.port, { fullPage: false }));
      full.push(await timePost(connector.port, { fullPage: true }));
    }
    results.push([
      'POST /capture-screenshot visible area: p50 / p99 (ms)',
      `${fmt(median(visible), 0)} / ${fmt(percentile(visible, 99), 0)}`,
    ]);
    results.push([
      'POST /capture-screenshot full page: p50 / p99 (ms)',
      `${fmt(median(full), 0)} / ${fmt(percentile(full, 99), 0)}`,
    ]);
  } finally {
    await browser.close();
    await connector.stop();
    await site.close();
    rmSync(shots, { recursive: true, force: true });
  }
  const width = Math.max(...results.map(([name]) => name.length));
  console.log(`\nBrowser extension benchmark (node ${process.version}, ${new Date().toISOString()})`);
  for (const [name, value] of results) console.log(`${name.padEnd(width)}  ${value}`);
}

async function timePost(port: number, body: unknown): Promise<number> {
  const start = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/capture-screenshot`, {
    method: 'POST',
    headers: { ...callerHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`screenshot failed: ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - start;
}

void main();
