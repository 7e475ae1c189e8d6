/**
 * A Chromium driven over plain CDP: unlike Playwright, it never enables the Runtime domain on a page (so console
 * calls cost what they cost a user: bench:page) and attaches to no page it did not open (so a background tab is
 * hidden as in a user's own Chrome: untouchedChromium.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { devtoolsEndpoint } from './cdpBrowser';
import { FLAGS } from './chromium';

type Params = Record<string, unknown>;

export interface RawBrowser {
  /** The browser's DevTools WebSocket address, for another client (a peer) to connect to the same browser. */
  endpoint: string;
  send<T = Params>(method: string, params?: Params, sessionId?: string): Promise<T>;
  /** A new tab at `url`, attached (flat session) once it has loaded. */
  open(url: string): Promise<RawPage>;
  /** Evaluates in the first service worker whose URL starts with `prefix`. */
  evaluateInWorker<T>(prefix: string, expression: string): Promise<T>;
  /**
   * Runs `work` while the browser records a trace of `categories` (no page is attached for it). Started from
   * the session `via` (attached to another tab), the trace begins with that tab's frames, which DevTools'
   * trace engine needs.
   */
  trace<T>(categories: string[], work: () => Promise<T>, via?: string): Promise<{ result: T; events: TraceEvent[] }>;
  close(): Promise<void>;
}

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, where the platform records it. */
  tdur?: number;
  args?: { name?: string };
}

export interface RawPage {
  sessionId: string;
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export interface RawOptions {
  /** An X display (Xvfb's `:N`) to run headful on; headless without one. */
  display?: string;
  /** The first tab's address. */
  firstUrl?: string;
}

export async function launchRaw(
  executable: string,
  extraArgs: string[] = [],
  { display, firstUrl = 'about:blank' }: RawOptions = {},
): Promise<RawBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'bd-raw-'));
  const mode = display ? [] : ['--headless=new'];
  const args = [...FLAGS, ...mode, `--user-data-dir=${profile}`, '--remote-debugging-port=0', ...extraArgs];
  const child = spawn(executable, [...args, firstUrl], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(display ? { env: { ...process.env, DISPLAY: display } } : {}),
  });
  const endpoint = await devtoolsEndpoint(child);
  const socket = new WebSocket(endpoint, { maxPayload: 256 * 1024 * 1024 });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners = new Set<(message: { method?: string; params?: Params; sessionId?: string }) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id && waiting.has(message.id)) {
      const pending = waiting.get(message.id)!;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(`${message.error.message} (${message.error.code})`));
      else pending.resolve(message.result);
    } else for (const listener of listeners) listener(message);
  });
  const send = <T>(method: string, params: Params = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  const evaluate = async <T>(expression: string, sessionId: string): Promise<T> => {
    const result = await send<{
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (result.exceptionDetails)
      throw new Error(result.exceptionDetails.exception?.description ?? result.exceptionDetails.text);
    return result.result.value;
  };
  return {
    endpoint,
    send,
    open: async (url) => {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      await send('Page.enable', {}, sessionId);
      const loaded = new Promise<void>((resolve) => {
        const listener = (message: { method?: string; sessionId?: string }) => {
          if (message.sessionId === sessionId && message.method === 'Page.loadEventFired') {
            listeners.delete(listener);
            resolve();
          }
        };
        listeners.add(listener);
      });
      await send('Page.navigate', { url }, sessionId);
      await loaded;
      return {
        sessionId,
        evaluate: (expression) => evaluate(expression, sessionId),
        close: async () => void (await send('Target.closeTarget', { targetId })),
      };
    },
    evaluateInWorker: async (prefix, expression) => {
      const { targetInfos } = await send<{ targetInfos: { targetId: string; type: string; url: string }[] }>(
        'Target.getTargets',
      );
      const worker = targetInfos.find((target) => target.type === 'service_worker' && target.url.startsWith(prefix));
      if (!worker) throw new Error(`no service worker at ${prefix}`);
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: true,
      });
      try {
        return await evaluate(expression, sessionId);
      } finally {
        await send('Target.detachFromTarget', { sessionId });
      }
    },
    trace: async (categories, work, via) => {
      const events: TraceEvent[] = [];
      const complete = new Promise<void>((resolve) => {
        const listener = (message: { method?: string; params?: Params }) => {
          if (message.method === 'Tracing.dataCollected') events.push(...(message.params!.value as TraceEvent[]));
          if (message.method === 'Tracing.tracingComplete') {
            listeners.delete(listener);
            resolve();
          }
        };
        listeners.add(listener);
      });
      await send(
        'Tracing.start',
        { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' },
        via,
      );
      try {
        return { result: await work(), events };
      } finally {
        // Ended even when the work failed, so the browser can trace again.
        await send('Tracing.end', {}, via);
        await complete;
      }
    },
    close: async () => {
      socket.close();
      child.kill('SIGKILL');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // left in the temp folder
      }
    },
  };
}
