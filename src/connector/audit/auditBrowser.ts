import { ApiError } from '../../shared/errors';
import type { LighthouseModules } from './lighthouseModules';
import type { AuditBrowserSession } from './auditBrowserSession';
import type { WarmHeadless } from './warmHeadless';

/** A CDP connection puppeteer can drive; structurally puppeteer's `ConnectionTransport`. */
export interface CdpTransport {
  send(message: string): void;
  close(): void;
  onmessage?: (message: string) => void;
  onclose?: () => void;
}

/** Browser choice 1: a browser we hold a DevTools pipe to (VS Code's "Launch Browser"). */
export interface AuditBrowserSource {
  label: string;
  /** A fresh multiplexed connection over the pipe; closing it leaves the browser running. */
  openTransport(): CdpTransport;
}

export interface BrowserChoice {
  source?: AuditBrowserSource;
  /** `http://127.0.0.1:9222`, `ws://…/devtools/browser/…` or a bare port. */
  endpoint?: string;
  chromePath?: string;
}

export const NO_CHROME_MESSAGE =
  'No Chrome or Chromium was found to run the audit. Install Google Chrome or Chromium (Debian/Ubuntu: apt-get install chromium), ' +
  'or set CHROME_PATH to its executable, or start your browser with --remote-debugging-port=9222 on a separate profile and set ' +
  'browserDebug.audits.debuggingEndpoint (BROWSER_DEBUG_AUDIT_ENDPOINT) to http://127.0.0.1:9222. In VS Code, "Launch Browser" also gives audits a browser.';

/** Fails before anything heavy loads when no browser could ever be used. */
export function checkBrowserChoice(choice: BrowserChoice): void {
  if (!choice.source && !choice.endpoint && !choice.chromePath)
    throw new ApiError('LIGHTHOUSE_FAILED', NO_CHROME_MESSAGE, { reason: 'no-chrome' });
}

function endpointOptions(endpoint: string): Record<string, unknown> {
  if (/^\d+$/.test(endpoint)) return { browserURL: `http://127.0.0.1:${endpoint}` };
  if (/^wss?:/.test(endpoint)) return { browserWSEndpoint: endpoint };
  return { browserURL: endpoint };
}

/**
 * Connects in the order: the launched browser's pipe, then the configured endpoint, then a
 * headless Chrome of our own. A choice that fails falls through to the next, with a warning.
 */
export async function openAuditBrowser(
  modules: LighthouseModules,
  choice: BrowserChoice,
  warnings: string[],
  warm: WarmHeadless,
): Promise<AuditBrowserSession> {
  const session = await connect(modules, choice, warnings, warm);
  let closing: Promise<void> | undefined;
  // Closed (or discarded) on timeout and again on the way out: the second call waits for the first.
  return {
    ...session,
    close: () => (closing ??= session.close()),
    discard: () => (closing ??= (session.discard ?? session.close)()),
  };
}

async function connect(
  modules: LighthouseModules,
  choice: BrowserChoice,
  warnings: string[],
  warm: WarmHeadless,
): Promise<AuditBrowserSession> {
  if (choice.source) {
    try {
      const browser = await modules.puppeteer.connect({
        transport: choice.source.openTransport(),
        defaultViewport: null,
      });
      return {
        kind: 'launched',
        label: choice.source.label,
        browser,
        close: () => browser.disconnect().catch(() => undefined),
      };
    } catch (error) {
      warnings.push(`Could not use ${choice.source.label} (${(error as Error).message}); used the next browser.`);
    }
  }
  if (choice.endpoint) {
    try {
      const browser = await modules.puppeteer.connect({ ...endpointOptions(choice.endpoint), defaultViewport: null });
      return {
        kind: 'endpoint',
        label: `the browser at ${choice.endpoint}`,
        browser,
        close: () => browser.disconnect().catch(() => undefined),
      };
    } catch (error) {
      warnings.push(
        `The debugging endpoint ${choice.endpoint} did not answer (${(error as Error).message}); used a headless browser instead.`,
      );
    }
  }
  if (!choice.chromePath)
    throw new ApiError('LIGHTHOUSE_FAILED', `${warnings.join(' ')} ${NO_CHROME_MESSAGE}`.trim(), {
      reason: 'no-chrome',
    });
  return warm.acquire(modules, choice.chromePath);
}
