import type { AuditBrowserSession } from './auditBrowserSession';
import type { LighthouseModules, PuppeteerBrowser } from './lighthouseModules';

/** Root cannot start Chrome's sandbox (CI containers); everyone else keeps it. */
const HEADLESS_FLAGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];

export const DEFAULT_WARM_IDLE_MS = 60_000;

interface Held {
  chromePath: string;
  browser: PuppeteerBrowser;
  kill(): Promise<void>;
  exited: boolean;
}

/**
 * One headless Chrome kept warm between audits, so the second audit does not pay for a browser start;
 * it is closed after `idleMs` without an audit. Each audit still gets its own throwaway context, so
 * handed-over cookies never outlive their audit.
 */
export class WarmHeadless {
  private held: Promise<Held> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** How many headless browsers were started: the tests read it to see the warm one reused. */
  starts = 0;
  private live: Held | undefined;

  constructor(private readonly idleMs = DEFAULT_WARM_IDLE_MS) {}

  async acquire(modules: LighthouseModules, chromePath: string): Promise<AuditBrowserSession> {
    clearTimeout(this.idleTimer);
    let held = this.held && (await this.held.catch(() => undefined));
    if (held && (held.exited || held.chromePath !== chromePath)) {
      await this.shutdown();
      held = undefined;
    }
    if (!held) {
      this.held = this.start(modules, chromePath);
      held = await this.held.catch((error: unknown) => {
        this.held = undefined;
        throw error;
      });
    }
    const mine = held;
    return {
      kind: 'headless',
      label: `headless ${chromePath}`,
      browser: mine.browser,
      close: async () => this.release(mine),
      discard: async () => this.shutdown(mine),
    };
  }

  /** Whether a headless browser is up, waiting for (or running) an audit. */
  get running(): boolean {
    return Boolean(this.live && !this.live.exited);
  }

  /** Ends the warm browser now (connector stop, or a browser left in doubt by a timed-out audit). */
  async shutdown(only?: Held): Promise<void> {
    const current = this.held && (await this.held.catch(() => undefined));
    if (only && current !== only) return only.kill();
    clearTimeout(this.idleTimer);
    this.held = undefined;
    await current?.kill();
  }

  private release(held: Held): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.shutdown(held), this.idleMs);
    this.idleTimer.unref();
  }

  private async start(modules: LighthouseModules, chromePath: string): Promise<Held> {
    const chrome = await modules.launch({ chromePath, chromeFlags: HEADLESS_FLAGS, logLevel: 'silent' });
    this.starts++;
    try {
      const browser = await modules.puppeteer.connect({
        browserURL: `http://127.0.0.1:${chrome.port}`,
        defaultViewport: null,
      });
      const held: Held = {
        chromePath,
        browser,
        exited: false,
        kill: async () => {
          held.exited = true;
          await browser.disconnect().catch(() => undefined);
          await chrome.kill();
        },
      };
      chrome.process.once?.('exit', () => (held.exited = true));
      this.live = held;
      return held;
    } catch (error) {
      await chrome.kill();
      throw error;
    }
  }
}
