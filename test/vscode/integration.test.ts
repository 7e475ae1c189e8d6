import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { requireChromium } from '../e2e/support/chromium';
import { freePortRun } from '../support/ports';
import { startTestEdge, type TestEdge } from '../remote/support/edgeAccount';
import { requireCodeServer, startCodeServer, type CodeServer } from './support/codeServer';
import { buildSuite, copyWorkspace, ROOT, SUITE_OUT } from './support/suiteBuild';

interface Outcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  error?: string;
}

describe('VS Code integration suites (mocha inside a real VS Code extension host, code-server 1.139)', function () {
  this.timeout(240_000);
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let edge: TestEdge | undefined;
  let folder: string;

  after(async () => {
    await browser?.close();
    await server?.stop();
    await edge?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('all pass', async function () {
    const codeServer = requireCodeServer(this);
    const chromiumPath = requireChromium(this);
    await buildSuite();
    folder = copyWorkspace();
    // Hybrid mode inside VS Code talks to a real edge: `wrangler dev --local` on loopback.
    edge = await startTestEdge();
    writeFileSync(
      join(folder, '.vscode-test-edge.json'),
      JSON.stringify({ url: edge.url, apiKey: edge.apiKey, readerToken: await edge.readerToken() }),
    );
    const port = await freePortRun(1);
    server = await startCodeServer(codeServer, {
      folder,
      settings: { 'browserDebug.connector.port': port },
      args: ['--vscode-option', 'enable-smoke-test-driver'],
    });
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const page = await browser.newPage();
    const logs: string[] = [];
    const exit = new Promise<number>(
      (resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)),
    );
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) =>
      logs.push(`${type}: ${args.map(String).join(' ')}`),
    );
    const remote = (path: string) => `vscode-remote://127.0.0.1:${server!.port}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(ROOT)],
      ['extensionTestsPath', remote(join(SUITE_OUT, 'index.js'))],
    ];
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    const code = await Promise.race([exit, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 200_000))]);
    const resultsFile = join(folder, '.vscode-test-results.json');
    const outcomes: Outcome[] = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : [];
    for (const outcome of outcomes) {
      console.log(
        `      ${outcome.state === 'passed' ? '✔' : outcome.state === 'failed' ? '✖' : '-'} [in VS Code] ${outcome.title}`,
      );
      if (outcome.error) console.log(outcome.error.replace(/^/gm, '          '));
    }
    const figures = join(folder, '.vscode-test-figures.json');
    if (existsSync(figures))
      console.log(
        `      activation of Browser Debug in code-server: ${JSON.parse(readFileSync(figures, 'utf8')).activationMs.toFixed(1)} ms of extension code`,
      );
    const tally = process.env.TEST_TALLY_FILE;
    const count = (state: Outcome['state']) => outcomes.filter((outcome) => outcome.state === state).length;
    if (tally)
      appendFileSync(
        tally,
        JSON.stringify({ passed: count('passed'), failed: count('failed'), skipped: count('pending') }) + '\n',
      );
    assert.ok(
      outcomes.length > 0,
      `no in-host results (exit ${code}). Log:\n${logs.slice(-40).join('\n')}\n${server.output().slice(-3000)}`,
    );
    assert.equal(count('failed'), 0, 'in-host failures, listed above');
    assert.equal(code, 0);
  });
});
