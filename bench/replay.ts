/**
 * Replay benchmark: a 10-step Recorder flow replayed through Browser Debug (connector → extension →
 * the action engine's chrome.debugger session) against the same steps run directly by Playwright, in
 * the same browser and run, alternating. Usage: npm run bench:replay   (prints figures; not a test)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Connector } from '../src/connector/connector';
import type { ReplayVerdict } from '../src/shared/recording';
import { chromiumPath, connectExtension, launchWithExtension } from '../test/e2e/support/chromium';
import { startShopServer } from '../test/e2e/support/shopServer';
import { post } from '../test/support/http';
import { median } from './median';
import { shopFlow } from './shopFlow';

const RUNS = 7;

/** The same ten steps as Playwright runs them itself. */
async function playwrightSteps(page: Page, origin: string): Promise<number> {
  const started = performance.now();
  await page.goto(`${origin}/`);
  await page.getByLabel('User name').fill('bob');
  await page.fill('#password', 'pw');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('#tea');
  await page.getByLabel('Tea').selectOption('white');
  await page.getByLabel('Quantity').fill('2');
  await page.click('[data-testid="add"]');
  await page.getByText('Added 2 × white').waitFor();
  await page.evaluate(() => window.scrollTo(0, 300));
  return performance.now() - started;
}

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const dir = mkdtempSync(join(tmpdir(), 'bd-bench-replay-'));
  const connector = await Connector.start({ port: 0, screenshots: { dir }, recordings: { dir } });
  const shop = await startShopServer();
  const browser = await launchWithExtension(executablePath);
  try {
    await connectExtension(browser.worker, connector.port);
    const page = await browser.context.newPage();
    await page.goto(`${shop.origin}/`);
    const imported = await post(connector.port, '/recordings/import', { flow: shopFlow(shop.origin) });
    const id = imported.json.id as string;
    const direct: number[] = [];
    const steps: number[] = [];
    const total: number[] = [];
    // One warm-up each (the debugger attach, first navigation), then alternate.
    await playwrightSteps(page, shop.origin);
    await post(connector.port, `/recordings/${id}/replay`, {});
    for (let run = 0; run < RUNS; run++) {
      direct.push(await playwrightSteps(page, shop.origin));
      const started = performance.now();
      const verdict = (await post(connector.port, `/recordings/${id}/replay`, {})).json as ReplayVerdict;
      total.push(performance.now() - started);
      if (verdict.stepsRun !== 10) throw new Error(`replay diverged: ${verdict.summary}`);
      steps.push(verdict.stepsMs);
    }
    const ratio = median(steps) / median(direct);
    console.log(`Replay of a 10-step flow, ${RUNS} runs each, medians (same browser, same run):`);
    console.log(`  Playwright running the steps directly:        ${median(direct).toFixed(0)} ms`);
    console.log(
      `  Browser Debug replay, the steps:              ${median(steps).toFixed(0)} ms  (${ratio.toFixed(2)}× Playwright; target ≤ 1.5×)`,
    );
    console.log(
      `  Browser Debug replay, with the verdict:       ${median(total).toFixed(0)} ms  (adds the wait for the page's last errors and requests, ≥ 400 ms quiet)`,
    );
  } finally {
    await browser.close();
    await shop.close();
    await connector.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
