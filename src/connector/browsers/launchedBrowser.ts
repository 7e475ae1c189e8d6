import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { AuditBrowserSource, CdpTransport } from '../audit/auditBrowser';

export interface LaunchOptions {
  executable: string;
  profileDir: string;
  /** Our unpacked extension, loaded over the DevTools pipe (branded Chrome 137+ ignores --load-extension). */
  extensionDir: string;
  url?: string;
  extraArgs?: string[];
}

type CdpEvent = { method?: string; sessionId?: string; params?: { sessionId?: string } };
type PipeTransport = CdpTransport & { track?: (event: CdpEvent) => void };

type Pending = { resolve(value: Record<string, unknown>): void; reject(error: Error): void };

/**
 * A browser we started with its own profile and `--remote-debugging-pipe`: our extension is loaded
 * with CDP `Extensions.loadUnpacked`, and the pipe stays open for later commands (audits use it).
 */
export class LaunchedBrowser {
  extensionId: string | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** The pipe's bytes since the last message's end (`\0`): decoded once a message is whole. */
  private pieces: Buffer[] = [];
  /** Connections multiplexed on the pipe (audits): our id → their transport and their own id. */
  private readonly forwarded = new Map<number, { transport: PipeTransport; id: number }>();
  private readonly transports = new Set<PipeTransport>();
  readonly exited: Promise<number | null>;

  private constructor(readonly process: ChildProcess) {
    const output = process.stdio[4] as Readable;
    output.on('data', (chunk: Buffer) => this.receive(chunk));
    this.exited = new Promise((resolve) => process.once('exit', (code) => resolve(code)));
    void this.exited.then(() => {
      for (const pending of this.pending.values()) pending.reject(new Error('The browser exited.'));
      this.pending.clear();
    });
  }

  static async launch(options: LaunchOptions): Promise<LaunchedBrowser> {
    const args = [
      `--user-data-dir=${options.profileDir}`,
      '--remote-debugging-pipe',
      '--enable-unsafe-extension-debugging',
      '--no-first-run',
      '--no-default-browser-check',
      ...(options.extraArgs ?? []),
      options.url ?? 'about:blank',
    ];
    const child = spawn(options.executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    const browser = new LaunchedBrowser(child);
    const started = await Promise.race([
      browser.send('Browser.getVersion').then(() => true),
      browser.exited.then(() => false),
    ]);
    if (!started) throw new Error(`${options.executable} exited at start.`);
    const loaded = await browser.send('Extensions.loadUnpacked', { path: options.extensionDir });
    browser.extensionId = String(loaded.id ?? '');
    return browser;
  }

  /** One CDP command over the pipe: to the browser target, or to an attached session (flat mode). */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    const input = this.process.stdio[3] as Writable;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  }

  /**
   * Browser choice 1 for audits: puppeteer drives this browser over the pipe we already hold, no
   * debugging port opened. Register it with `services.audits.useBrowser(browser.auditSource())`.
   */
  auditSource(label = 'the browser Launch Browser started'): AuditBrowserSource {
    return { label, openTransport: () => this.openCdpTransport() };
  }

  /** Shows `url` in the browser's first tab (or a new one). Call once our extension is connected, so it sees the load. */
  async open(url: string): Promise<void> {
    const { targetInfos } = (await this.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string }[];
    };
    const tab = targetInfos.find((info) => info.type === 'page');
    if (!tab) {
      await this.send('Target.createTarget', { url });
      return;
    }
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId: tab.targetId, flatten: true })) as {
      sessionId: string;
    };
    try {
      await this.send('Page.navigate', { url }, sessionId);
    } finally {
      await this.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /** A CDP connection sharing the pipe: ids are remapped both ways, events go to every connection. */
  openCdpTransport(): CdpTransport {
    const transport: PipeTransport = {
      send: (message) => {
        const parsed = JSON.parse(message) as { id: number };
        const id = ++this.nextId;
        this.forwarded.set(id, { transport, id: parsed.id });
        (this.process.stdio[3] as Writable).write(JSON.stringify({ ...parsed, id }) + '\0');
      },
      close: () => {
        if (!this.transports.delete(transport)) return;
        for (const [id, entry] of this.forwarded) if (entry.transport === transport) this.forwarded.delete(id);
        this.undoAttach(sessions);
        queueMicrotask(() => transport.onclose?.());
      },
    };
    const sessions = new Set<string>();
    // Tracks the already parsed event: a heap snapshot's megabyte chunks are not parsed once more per connection.
    transport.track = (event) => {
      if (event.method === 'Target.attachedToTarget' && event.params?.sessionId) sessions.add(event.params.sessionId);
    };
    this.transports.add(transport);
    void this.exited.then(() => transport.close());
    return transport;
  }

  /**
   * Asks Chrome to close (it then ends its helper processes and finishes writing the profile), and
   * kills it if it has not exited within 5 s.
   */
  async close(): Promise<number | null> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return this.exited;
    this.send('Browser.close').catch(() => undefined);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 5_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  /**
   * Splits the pipe into messages, searching only the new bytes for the `\0` that ends one (a heap
   * snapshot's chunk is a megabyte in many reads), and decodes a message whole, never a character in halves.
   */
  private receive(chunk: Buffer): void {
    let start = 0;
    let end: number;
    while ((end = chunk.indexOf(0, start)) >= 0) {
      this.pieces.push(chunk.subarray(start, end));
      const raw = Buffer.concat(this.pieces).toString('utf8');
      this.pieces = [];
      start = end + 1;
      this.dispatch(raw);
    }
    if (start < chunk.length) this.pieces.push(chunk.subarray(start));
  }

  private dispatch(raw: string): void {
    const message = JSON.parse(raw) as CdpEvent & {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    if (this.forward(raw, message)) return;
    const pending = message.id !== undefined ? this.pending.get(message.id) : undefined;
    if (!pending) return;
    this.pending.delete(message.id!);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result ?? {});
  }

  /**
   * The pipe outlives a connection, and so would its auto-attach: new tabs would wait for a debugger
   * that has gone. Turn it off and detach what the connection attached.
   */
  private undoAttach(sessions: Set<string>): void {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const quiet = (method: string, params: Record<string, unknown>) =>
      void this.send(method, params).catch(() => undefined);
    quiet('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false, flatten: true });
    quiet('Target.setDiscoverTargets', { discover: false });
    for (const sessionId of sessions) quiet('Target.detachFromTarget', { sessionId });
  }

  /** Replies to a multiplexed connection go back to it under its own id; events go to all of them. */
  private forward(raw: string, message: CdpEvent & { id?: number }): boolean {
    if (message.id === undefined) {
      for (const transport of this.transports) {
        transport.track?.(message);
        transport.onmessage?.(raw);
      }
      return false;
    }
    const entry = this.forwarded.get(message.id);
    if (!entry) return false;
    this.forwarded.delete(message.id);
    entry.transport.onmessage?.(JSON.stringify({ ...message, id: entry.id }));
    return true;
  }
}
