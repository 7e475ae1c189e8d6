import { randomUUID } from 'node:crypto';
import { ApiError, type ErrorCode } from '../../shared/errors';
import type { CommandArgs, CommandName, CommandReply, ScreenshotReply } from '../../shared/browserCommands';
import type { ScreenshotOptions } from '../../shared/screenshotSchema';
import type { ServerFrame } from '../../shared/wireFrames';

export interface BrowserPeer {
  readonly id: string;
  readonly version?: string;
  send(frame: ServerFrame): void;
}

interface Pending {
  peerId: string;
  failCode: ErrorCode;
  resolve(result: unknown): void;
  reject(error: ApiError): void;
  timer: NodeJS.Timeout;
}

export const NO_BROWSER_MESSAGE =
  'No browser is connected. Install the Browser Debug extension in Chrome (chrome://extensions → Load unpacked → the browser-extension folder), open your app, and check the extension popup says "Connected".';

/**
 * Sends commands to the connected browser extension and matches replies to requests by id.
 * With several browsers connected, commands go to the one that sent captures most recently.
 */
export class BrowserBridge {
  private readonly peers = new Map<string, { peer: BrowserPeer; lastActive: number }>();
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<() => void>();

  get connected(): boolean {
    return this.peers.size > 0;
  }

  get count(): number {
    return this.peers.size;
  }

  get activeVersion(): string | undefined {
    return this.active()?.version;
  }

  attach(peer: BrowserPeer): void {
    this.peers.set(peer.id, { peer, lastActive: Date.now() });
    this.changed();
  }

  detach(peerId: string): void {
    if (!this.peers.delete(peerId)) return;
    for (const [id, pending] of this.pending) {
      if (pending.peerId !== peerId) continue;
      this.settle(id)?.reject(
        new ApiError(
          pending.failCode,
          'The browser disconnected before it answered. Check the browser extension popup, then retry.',
        ),
      );
    }
    this.changed();
  }

  /** Marks a peer as the one the user is working in. */
  touch(peerId: string): void {
    const entry = this.peers.get(peerId);
    if (entry) entry.lastActive = Date.now();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Answered by a `screenshot-data` frame, whose schema the hub validated; `data` is missing when it failed. */
  screenshot(options: ScreenshotOptions, timeoutMs: number): Promise<Partial<ScreenshotReply>> {
    return this.request<Partial<ScreenshotReply>>('SCREENSHOT_FAILED', timeoutMs, (requestId) => ({
      type: 'screenshot-request',
      requestId,
      options,
      timestamp: Date.now(),
    }));
  }

  /** The reply is typed by the shared command map; the browser extension's handlers are typed from the same map. */
  command<K extends CommandName>(name: K, args: CommandArgs<K>, timeoutMs: number): Promise<CommandReply<K>> {
    return this.request<CommandReply<K>>('COMMAND_FAILED', timeoutMs, (id) => ({
      type: 'command',
      id,
      name,
      args,
      timestamp: Date.now(),
    }));
  }

  /** A `reply` or `screenshot-data` frame from the browser. Unknown ids (late replies) are ignored. */
  settleReply(id: string, outcome: { result?: unknown; error?: { code?: string; message: string } }): boolean {
    const pending = this.settle(id);
    if (!pending) return false;
    if (outcome.error)
      pending.reject(
        new ApiError(pending.failCode, `The browser could not do it: ${outcome.error.message}`, {
          browserCode: outcome.error.code,
          browserMessage: outcome.error.message,
        }),
      );
    else pending.resolve(outcome.result);
    return true;
  }

  /** Fails everything in flight, e.g. on shutdown. */
  rejectAll(reason: string): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(new ApiError('SERVICE_UNAVAILABLE', reason));
  }

  private request<T>(failCode: ErrorCode, timeoutMs: number, frame: (id: string) => ServerFrame): Promise<T> {
    const target = this.active();
    if (!target) return Promise.reject(new ApiError('BROWSER_NOT_CONNECTED', NO_BROWSER_MESSAGE));
    const id = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const code = failCode === 'SCREENSHOT_FAILED' ? failCode : 'TIMEOUT';
        this.settle(id)?.reject(
          new ApiError(code, `The browser did not answer within ${timeoutMs} ms. Is the tab still open and in scope?`, {
            timeoutMs,
          }),
        );
      }, timeoutMs);
      this.pending.set(id, { peerId: target.id, failCode, resolve, reject, timer });
      target.send(frame(id));
    });
  }

  private settle(id: string): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    clearTimeout(pending.timer);
    this.pending.delete(id);
    return pending;
  }

  private active(): BrowserPeer | undefined {
    let best: { peer: BrowserPeer; lastActive: number } | undefined;
    for (const entry of this.peers.values()) if (!best || entry.lastActive >= best.lastActive) best = entry;
    return best?.peer;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
