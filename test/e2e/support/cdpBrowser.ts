import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Worker } from 'playwright-core';
import { FLAGS } from './chromium';

/** A Chromium started with no extension, driven over CDP, that can load one later (as a user installs it). */
export interface CdpBrowser {
  browser: Browser;
  context: BrowserContext;
  /** The browser-level CDP session (Extensions, ServiceWorker, Target domains). */
  cdp: CDPSession;
  profile: string;
  /** `Extensions.loadUnpacked`: the extension's id, and its service worker once it runs. */
  loadExtension(dir: string): Promise<{ id: string; worker: Worker }>;
  close(): Promise<void>;
}

/** The browser's DevTools WebSocket address, as Chromium prints it on start. */
export function devtoolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}: ${output}`)));
  });
}

export async function launchWithoutExtension(executable: string): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'bd-chromium-late-'));
  const args = [
    ...FLAGS,
    '--headless=new',
    `--user-data-dir=${profile}`,
    '--remote-debugging-port=0',
    '--enable-unsafe-extension-debugging',
    'about:blank',
  ];
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const browser = await chromium.connectOverCDP(await devtoolsEndpoint(child));
  const context = browser.contexts()[0]!;
  const cdp = await browser.newBrowserCDPSession();
  return {
    browser,
    context,
    cdp,
    profile,
    loadExtension: async (dir) => {
      const { id } = (await cdp.send('Extensions.loadUnpacked' as never, { path: dir } as never)) as { id: string };
      const mine = (worker: Worker) => worker.url().startsWith(`chrome-extension://${id}/`);
      const worker =
        context.serviceWorkers().find(mine) ??
        (await context.waitForEvent('serviceworker', { predicate: mine, timeout: 30_000 }));
      return { id, worker };
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      child.kill('SIGKILL');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      // Chromium's helpers may still be writing for a moment: a leftover temp folder is harmless.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // left in the temp folder
      }
    },
  };
}
