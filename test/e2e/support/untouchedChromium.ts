import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { PairingBook, pairingsFile } from '../../../src/connector/trust/pairingBook';
import { devtoolsEndpoint } from './cdpBrowser';
import { EXTENSION_DIR, FLAGS, until } from './chromium';
import type { VirtualScreen } from './xvfb';

/**
 * A headful Chromium with our extension that no test client attaches to: Playwright keeps every page it
 * attaches to visible and focused, so a background tab under Playwright is not hidden as in a user's own
 * Chrome. Only the extension's service worker is reached, over raw CDP, to pair it with the connector.
 */
export interface UntouchedChromium {
  /** Evaluates an expression in the extension's service worker (awaited, by value). */
  inWorker(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

export async function launchUntouched(
  executable: string,
  screen: VirtualScreen,
  port: number,
  firstUrl: string,
): Promise<UntouchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bd-chromium-untouched-'));
  const args = [
    ...FLAGS,
    `--user-data-dir=${profile}`,
    '--remote-debugging-port=0',
    '--window-position=0,0',
    `--load-extension=${EXTENSION_DIR}`,
    `--disable-extensions-except=${EXTENSION_DIR}`,
    firstUrl,
  ];
  const child = spawn(executable, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DISPLAY: screen.display },
  });
  const socket = new WebSocket(await devtoolsEndpoint(child));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const waiting = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, (message) =>
        message.error ? reject(new Error(message.error.message)) : resolve(message.result as T),
      );
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  type Target = { targetId: string; type: string; url: string };
  let worker: Target | undefined;
  await until(
    async () => {
      const { targetInfos } = await send<{ targetInfos: Target[] }>('Target.getTargets');
      worker = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith('chrome-extension://'));
      return !!worker;
    },
    20_000,
    "the extension's service worker",
  );
  const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
    targetId: worker!.targetId,
    flatten: true,
  });
  const inWorker = async (expression: string) =>
    (
      await send<{ result: { value?: unknown } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )
    ).result.value;
  await until(async () => (await inWorker('globalThis.browserDebug?.state().ready')) === true, 20_000, 'ready');
  const pairing = new PairingBook(pairingsFile(), () => 0).add('test rig');
  await inWorker(`chrome.storage.local.set({ pairing: ${JSON.stringify(pairing)} })`);
  await inWorker(
    `chrome.storage.local.set({ settings: { extraOrigins: [], allSites: false, lockedTabs: [], captureBodies: false, port: ${port} } })`,
  );
  await until(async () => (await inWorker('browserDebug.state().connection')) === 'connected', 20_000, 'connected');
  return {
    inWorker,
    close: async () => {
      socket.close();
      child.kill('SIGKILL');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // Chromium's helpers may still be writing for a moment: a leftover temp folder is harmless.
      }
    },
  };
}
