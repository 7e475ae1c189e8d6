/**
 * Runs inside VS Code's extension host (extensionTestsPath), driven by bench/editor.ts: opens the Console
 * view and the dashboard, then measures the host's event-loop delay (perf_hooks.monitorEventLoopDelay) while
 * idle and while the outer process streams console logs into the connector. Files in the workspace folder
 * carry the hand-over: `.bench-ready` (the port), `.bench-feed-done`, and `.bench-editor.json` (the figures).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { BrowserDebug } from '../../src/vscode/browserDebug';

const EXTENSION_ID = 'browser-debug.browser-debug';
const IDLE_MS = 10_000;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function delays(histogram: ReturnType<typeof monitorEventLoopDelay>) {
  const ms = (ns: number) => ns / 1e6;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    samples: histogram.count,
  };
}

/** The delay histogram, and the host's CPU time (all threads) per second of wall time (the load moves it less than the delay). */
async function measure(during: () => Promise<void>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const cpu = process.cpuUsage();
  await during();
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  histogram.disable();
  return { ...delays(histogram), cpuMsPerSecond: (used.user + used.system) / 1000 / (wall / 1000) };
}

/** A CPU profile of the extension host (node:inspector), for where the time goes. */
async function startProfiler(): Promise<() => Promise<unknown>> {
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => ((await post('Profiler.stop')) as { profile: unknown }).profile;
}

export async function run(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const app = await vscode.extensions.getExtension<BrowserDebug>(EXTENSION_ID)!.activate();
  await until(() => app.session.role === 'owner' && app.feed.connected, 30_000, 'the connector to start');
  await vscode.commands.executeCommand('browserDebug.console.focus');
  await vscode.commands.executeCommand('browserDebug.openDashboard');
  const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
  const profiler = process.env.BENCH_EDITOR_PROFILE ? await startProfiler() : undefined;
  const busy = await measure(async () => {
    writeFileSync(join(folder, '.bench-ready'), String(app.session.port));
    await until(() => existsSync(join(folder, '.bench-feed-done')), 120_000, 'the log feed to end');
  });
  if (profiler) writeFileSync(join(folder, '.bench-editor.cpuprofile'), JSON.stringify(await profiler()));
  const feed = JSON.parse(readFileSync(join(folder, '.bench-feed-done'), 'utf8'));
  writeFileSync(
    join(folder, '.bench-editor.json'),
    JSON.stringify({ idle, busy, feed, activationMs: app.activationMs }),
  );
}
