import { DEFAULT_REMOTE_COMMANDS, guardRemoteCommands, RemoteLink, type Capture } from '../../../src/shared/remote';
import type { CaptureEvent } from '../../../src/shared/protocol';
import { VERSION } from '../../../src/shared/version';
import type { RemoteView } from '../common/messages';
import { runCommand } from './commands';
import type { StoredRemote } from './remoteSettings';

/**
 * While offline nothing else keeps the worker awake (an open socket's heartbeat does while online),
 * and a suspended worker loses the queue; any extension API call resets Chrome's 30 s idle timer.
 */
const KEEP_AWAKE_MS = 20_000;

/**
 * Full remote mode: captures go up the edge tunnel (src/shared/remote's RemoteLink: batches, acks, resend,
 * token renewal) and commands come down it. A change of URL, identity, session or shared origins
 * starts a new link.
 */
export class RemoteMode {
  private link: RemoteLink | undefined;
  private running = '';
  private target = { url: '', sessionId: '' };
  private keepAwake: ReturnType<typeof setInterval> | undefined;

  get active(): boolean {
    return this.link !== undefined;
  }

  /** Starts, restarts or stops the link to match the settings; `origins` are what may leave the machine. */
  apply(remote: StoredRemote, origins: string[]): void {
    const keys = remote.enabled && remote.url ? remote.keys : undefined;
    const wanted = keys
      ? JSON.stringify([remote.url, remote.apiKey, remote.sessionId, keys.clientId, origins, remote.allowScripts])
      : '';
    if (wanted === this.running) return;
    this.stop();
    if (!keys) return;
    this.running = wanted;
    this.target = { url: remote.url, sessionId: remote.sessionId };
    this.link = new RemoteLink({
      url: remote.url,
      sessionId: remote.sessionId,
      keys,
      apiKey: remote.apiKey,
      origins,
      version: VERSION,
      client: 'browser-extension',
      // The same commands as the connector's, kept to shared pages as the connector keeps them.
      onCommand: guardRemoteCommands(
        runCommand,
        remote.allowScripts ? [...DEFAULT_REMOTE_COMMANDS, 'run-script', 'cookies'] : DEFAULT_REMOTE_COMMANDS,
        origins,
      ),
    });
    this.link.start();
    this.keepAwake = setInterval(() => void chrome.runtime.getPlatformInfo(), KEEP_AWAKE_MS);
  }

  /**
   * The page URL decides what is shared, not a request's own URL; without a known page, only
   * captures that name their page (console, errors, selection) can be judged.
   */
  forward(events: CaptureEvent[], pageUrl: string | undefined): void {
    for (const event of events) {
      // The edge keeps no Web Vitals (yet): its schema would refuse them.
      if (event.type === 'web-vitals') continue;
      const page = pageUrl ?? (event.type !== 'network-request' && 'url' in event ? event.url : undefined);
      if (page) this.link?.forward({ ...event, timestamp: event.timestamp ?? Date.now() } as Capture, page);
    }
  }

  status(): RemoteView | undefined {
    return this.link && { ...this.link.status(), ...this.target };
  }

  stop(): void {
    this.link?.stop();
    this.link = undefined;
    this.running = '';
    clearInterval(this.keepAwake);
  }
}
