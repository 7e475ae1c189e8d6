import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export interface LaunchOptions {
  executable: string;
  profileDir: string;
  /** Our unpacked extension, loaded over the DevTools pipe (branded Chrome 137+ ignores --load-extension). */
  extensionDir: string;
  url?: string;
  extraArgs?: string[];
}

type Pending = { resolve(value: Record<string, unknown>): void; reject(error: Error): void };

/**
 * A browser we started with its own profile and `--remote-debugging-pipe`: our extension is loaded
 * with CDP `Extensions.loadUnpacked`, and the pipe stays open for later commands (audits use it).
 */
export class LaunchedBrowser {
  extensionId: string | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private buffer = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly process: ChildProcess) {
    const output = process.stdio[4] as Readable;
    output.on('data', (chunk: Buffer) => this.receive(chunk.toString('utf8')));
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
    const started = await Promise.race([browser.send('Browser.getVersion').then(() => true), browser.exited.then(() => false)]);
    if (!started) throw new Error(`${options.executable} exited at start.`);
    const loaded = await browser.send('Extensions.loadUnpacked', { path: options.extensionDir });
    browser.extensionId = String(loaded.id ?? '');
    return browser;
  }

  /** One CDP command over the pipe (browser target). */
  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = ++this.nextId;
    const input = this.process.stdio[3] as Writable;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      input.write(JSON.stringify({ id, method, params }) + '\0');
    });
  }

  close(): Promise<number | null> {
    this.process.kill();
    return this.exited;
  }

  private receive(text: string): void {
    this.buffer += text;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
      this.buffer = this.buffer.slice(end + 1);
      const pending = message.id !== undefined ? this.pending.get(message.id) : undefined;
      if (!pending) continue;
      this.pending.delete(message.id!);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result ?? {});
    }
  }
}
