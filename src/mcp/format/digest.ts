import type { CaptureStore } from '../../connector/capture/store';
import type { StoredEntry, StoredNetworkRequest } from '../../shared/protocol';
import { plural } from './text';

/** Most ids listed per kind; the rest are counted. */
const IDS_PER_KIND = 5;
/** The share of the answer budget the digest may use. */
export const DIGEST_BUDGET = 400;

/**
 * What went wrong in the page since this client's previous call: new console errors and failed
 * requests, so a model notices them without asking. One per MCP session.
 * The digest ends every answer, outside any fence, so it is one line of counts and ids and never holds
 * page text (messages, URLs): the model reads those with get_console_entry / get_network_request, fenced.
 */
export class Digest {
  private lastSeq: number;

  constructor(
    private readonly store: CaptureStore,
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
      errors.length && `${plural(errors.length, 'console error')} (${ids(errors)})`,
      failed.length && `${plural(failed.length, 'failed request')} (${ids(failed)})`,
    ].filter(Boolean);
    return (
      `New since your previous call: ${counts.join(', ')}${skipped ? ' besides those listed above' : ''}. ` +
      'Details: get_console_entry or get_network_request with the id.'
    );
  }
}

/**
 * The browser asks every page for /favicon.ico by itself: a site without one is not a bug the model should chase
 * after each navigation. get_network_requests still lists it.
 */
function isBrowsersOwnFavicon(request: StoredNetworkRequest): boolean {
  return request.method === 'GET' && request.status === 404 && /^[^?#]*:\/\/[^/]+\/favicon\.ico$/.test(request.url);
}

/** `#19 #20 #21`, the newest; `3 older, #19 #20`. */
function ids(entries: readonly { id: string }[]): string {
  const listed = entries.slice(-IDS_PER_KIND).map((entry) => `#${entry.id}`);
  const older = entries.length - listed.length;
  return `${older ? `${older} older, ` : ''}${listed.join(' ')}`;
}
