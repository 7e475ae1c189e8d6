import type { EntryLocator } from '../../connector/sourceMaps/entryLocator';
import type { CaptureStore } from '../../connector/store';
import { locationLabel } from '../../shared/entryLocation';
import type { StoredEntry, StoredNetworkRequest } from '../../shared/protocol';
import { cut, oneLine, plural, shortLocation } from './text';

/** Most lines per kind; the rest are counted. */
const LINES_PER_KIND = 3;
const LINE_CHARS = 200;
/** The share of the answer budget the digest may use. */
export const DIGEST_BUDGET = 1200;

/**
 * What went wrong in the page since this client's previous call: new console errors and failed
 * requests, so a model notices them without asking. One per MCP session.
 */
export class Digest {
  private lastSeq: number;

  constructor(
    private readonly store: CaptureStore,
    /** Digest lines show the mapped location when it is known already (they never wait for a map). */
    private readonly locator?: EntryLocator,
    /** The agent's tabs: entries of other tabs are not counted (undefined: every tab). */
    private readonly scope: () => ReadonlySet<number> | undefined = () => undefined,
  ) {
    this.lastSeq = store.lastSeq;
  }

  /** The digest text (undefined when nothing is new) and the start of a new period. */
  take(shown: readonly number[] = []): string | undefined {
    const after = this.lastSeq;
    this.lastSeq = this.store.lastSeq;
    const skip = new Set(shown);
    const errors: StoredEntry[] = [];
    const failed: StoredNetworkRequest[] = [];
    let skipped = 0;
    const tabs = this.scope();
    for (const entry of this.store.since(after, ['consoleLogs', 'consoleErrors', 'networkErrors'])) {
      if (tabs && !tabs.has((entry as { tabId?: number }).tabId ?? -1)) continue;
      const isError = entry.type === 'console-error' || (entry.type === 'console-log' && entry.level === 'error');
      if (!isError && entry.type !== 'network-request') continue;
      if (skip.has(entry.seq)) skipped++;
      else if (entry.type === 'network-request') {
        if (!isBrowsersOwnFavicon(entry)) failed.push(entry);
      } else errors.push(entry);
    }
    if (!errors.length && !failed.length) return undefined;
    const counts = [
      errors.length && plural(errors.length, 'console error'),
      failed.length && plural(failed.length, 'failed request'),
    ].filter(Boolean);
    const lines = [
      `New since your previous call: ${counts.join(', ')}${skipped ? ' besides those listed above' : ''}.`,
    ];
    lines.push(...newest(errors, (entry) => this.consoleLine(entry)), ...newest(failed, requestLine));
    lines.push('Details: get_console_entry or get_network_request with the id.');
    return cut(lines.join('\n'), DIGEST_BUDGET);
  }

  private consoleLine(entry: StoredEntry): string {
    const { message, source } = entry as { message: string; source?: string };
    const known = this.locator?.peek(entry as { source?: string });
    if (!known) void this.locator?.locate(entry as { source?: string });
    const where = known?.at ? locationLabel(known.at) : source ? shortLocation(source) : '';
    return `#${entry.id} error ${oneLine(message.slice(0, LINE_CHARS))}${where ? ` (${where})` : ''}`;
  }
}

/**
 * The browser asks every page for /favicon.ico by itself: a site without one is not a bug the model should chase
 * after each navigation. get_network_requests still lists it.
 */
function isBrowsersOwnFavicon(request: StoredNetworkRequest): boolean {
  return request.method === 'GET' && request.status === 404 && /^[^?#]*:\/\/[^/]+\/favicon\.ico$/.test(request.url);
}

function newest<T>(entries: T[], line: (entry: T) => string): string[] {
  const picked = entries.slice(-LINES_PER_KIND).map((entry) => `  ${cut(line(entry), LINE_CHARS)}`);
  if (entries.length > LINES_PER_KIND) picked.unshift(`  (${entries.length - LINES_PER_KIND} older not listed)`);
  return picked;
}

function requestLine(request: StoredNetworkRequest): string {
  const outcome = request.error ?? `${request.status ?? 0}${request.statusText ? ' ' + request.statusText : ''}`;
  return `#${request.id} ${request.method} ${outcome} ${request.url}`;
}
