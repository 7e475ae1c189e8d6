/**
 * What a busy page costs the editor: the extension host's event-loop delay in a real VS Code (code-server,
 * through the test harness) with the Console view and the dashboard open, idle and while a page logs 500
 * lines a second for 30 s (sent over /extension-ws in the browser extension's batches).
 * Also prints the activation time (the extension's own code, target < 50 ms).
 * Usage: npm run bench:editor   (prints figures; not a test). BENCH_EDITOR_SECONDS sets the feed's length;
 * BENCH_EDITOR_PROFILE=1 adds a CPU profile of the host during the feed (kept in out/bench-editor/host.cpuprofile).
 */
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { chromiumPath } from '../test/e2e/support/chromium';
import { summarizeProfile } from './cpuProfile';
import { freePortRun } from '../test/support/ports';
import { codeServerBin, startCodeServer } from '../test/vscode/support/codeServer';
import { copyWorkspace, ROOT } from '../test/vscode/support/suiteBuild';
import { runBench } from './connectorProcess';
import { callerHeaders } from '../test/support/callerSecret';

const SECONDS = Number(process.env.BENCH_EDITOR_SECONDS ?? 30);
const PER_SECOND = 500;
const OUT = join(ROOT, 'out', 'bench-editor');

async function waitForFile(path: string, timeoutMs: number): Promise<string> {
  const start = Date.now();
  while (!existsSync(path)) {
    if (Date.now() - start > timeoutMs) throw new Error(`${path} did not appear within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return readFileSync(path, 'utf8');
}

/** 500 console lines a second, in batches every 20 ms as the extension's outbox sends them; returns the count sent. */
async function feed(port: number): Promise<{ sent: number; seconds: number }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/extension-ws`, { headers: callerHeaders() });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'hello', protocolVersion: 1, client: 'browser-extension', version: '0.1.0' }));
  const url = 'http://127.0.0.1:5173/busy';
  const started = Date.now();
  const navigated = { type: 'page-navigated', url, title: 'Busy page', tabId: 7, pageLoadId: 'busy-load' };
  socket.send(JSON.stringify({ type: 'batch', events: [{ ...navigated, timestamp: started }] }));
  let sent = 0;
  let seq = 0;
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * PER_SECOND);
    const events = [];
    for (; sent < due; sent++)
      events.push({
        type: 'console-log',
        level: sent % 20 ? 'log' : 'warn',
        message: `tick ${sent}: rendered 24 rows, ${sent % 7} pending`,
        url,
        tabId: 7,
        pageLoadId: 'busy-load',
        source: `${url.replace('/busy', '')}/src/ticker.ts:${10 + (sent % 30)}:5`,
        timestamp: Date.now(),
      });
    if (events.length) socket.send(JSON.stringify({ type: 'batch', batchSeq: ++seq, events }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  socket.close();
  return { sent, seconds: (Date.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const bin = codeServerBin();
  const executablePath = chromiumPath();
  if (!bin || !executablePath) throw new Error('Needs code-server and Chromium: run `npm test` once to set them up.');
  await build({
    entryPoints: { index: join(__dirname, 'editor', 'inHost.ts') },
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  const folder = copyWorkspace();
  const port = await freePortRun(1);
  const server = await startCodeServer(bin, {
    folder,
    settings: { 'browserDebug.connector.port': port },
    args: ['--vscode-option', 'enable-smoke-test-driver'],
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', resolve));
    await page.exposeFunction('codeAutomationLog', () => undefined);
    const remote = (path: string) => `vscode-remote://127.0.0.1:${server.port}${path}`;
    const payload = [
      ['extensionDevelopmentPath', remote(ROOT)],
      ['extensionTestsPath', remote(join(OUT, 'index.js'))],
    ];
    await page.goto(
      `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`,
    );
    const connectorPort = Number(await waitForFile(join(folder, '.bench-ready'), 120_000));
    const fed = await feed(connectorPort);
    writeFileSync(join(folder, '.bench-feed-done'), JSON.stringify(fed));
    const figures = JSON.parse(await waitForFile(join(folder, '.bench-editor.json'), 60_000));
    await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    const row = (label: string, d: { p50: number; p99: number; max: number; cpuMsPerSecond: number }) =>
      `| ${label} | ${d.p50.toFixed(1)} ms | ${d.p99.toFixed(1)} ms | ${d.max.toFixed(1)} ms | ${Math.round(d.cpuMsPerSecond)} ms |`;
    console.log(
      `\nExtension host event-loop delay, Console view and dashboard open (code-server, ${fed.sent} logs in ${fed.seconds.toFixed(1)} s)\n`,
    );
    console.log('| Extension host | p50 | p99 (target < 50 ms) | max | CPU per second |');
    console.log('|---|---|---|---|---|');
    console.log(row('idle, 10 s', figures.idle));
    console.log(row(`page logging ${PER_SECOND} lines/s`, figures.busy));
    console.log(
      `\nActivation of Browser Debug (extension code, connector start included): ${figures.activationMs.toFixed(1)} ms (target < 50 ms)`,
    );
    console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]!.toFixed(1)} on 2 cores shared with other jobs.`);
    const profile = join(folder, '.bench-editor.cpuprofile');
    if (existsSync(profile)) {
      copyFileSync(profile, join(OUT, 'host.cpuprofile'));
      console.log('\nWhere the extension host spends the busy time (CPU profile, self time):');
      console.log(summarizeProfile(JSON.parse(readFileSync(profile, 'utf8')), 25));
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

runBench(main);
