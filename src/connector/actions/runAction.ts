import type { StoredConsoleError, StoredConsoleLog, StoredEntry, StoredNetworkRequest } from '../../shared/protocol';
import type { ActionName, ActReply, FailedRequest } from '../../shared/actions';
import type { ConnectorServices } from '../services';
import { tabCommand } from './tabCommand';

/** How long the connector waits for the captures of failed requests the browser reported (their timings lag). */
const CAPTURE_WAIT_MS = 1000;

/** One action and what followed it in that tab: the browser's reply plus the captures since it started. */
export interface ActionOutcome extends ActReply {
  action: ActionName;
  tookMs: number;
  errors: (StoredConsoleError | StoredConsoleLog)[];
  warnings: StoredConsoleLog[];
  failed: FailedRequest[];
  /** Seqs of the stored entries reported, so the MCP digest does not repeat them. */
  shown: number[];
}

/** Runs one action through the browser bridge and gathers what followed from the store. */
export async function runAction(
  services: ConnectorServices,
  action: ActionName,
  args: Record<string, unknown>,
  options: { tabId?: number; maxChars?: number } = {},
): Promise<ActionOutcome> {
  const startSeq = services.store.lastSeq;
  const started = Date.now();
  const reply = await tabCommand(services, 'act', {
    ...args,
    action,
    maxChars: options.maxChars,
    tabId: options.tabId,
  });
  await capturesOf(services, reply, startSeq);
  const entries = services.store
    .since(startSeq, ['consoleErrors', 'consoleLogs', 'networkErrors'])
    .filter((entry) => inTab(entry, reply.tabId));
  const errors = entries.filter(
    (entry): entry is StoredConsoleError | StoredConsoleLog =>
      entry.type === 'console-error' || (entry.type === 'console-log' && entry.level === 'error'),
  );
  const warnings = entries.filter(
    (entry): entry is StoredConsoleLog => entry.type === 'console-log' && entry.level === 'warn',
  );
  const stored = entries.filter((entry): entry is StoredNetworkRequest => entry.type === 'network-request');
  const failed: FailedRequest[] = stored.map(({ method, url, status, error, id }) => ({
    method,
    url,
    status,
    error,
    id,
  }));
  for (const seen of reply.failedRequests ?? [])
    if (!failed.some((request) => sameRequest(request, seen))) failed.push(seen);
  const shown = [...errors, ...warnings, ...stored].map((entry) => entry.seq);
  return { ...reply, action, tookMs: Date.now() - started, errors, warnings, failed, shown };
}

/** Captures of the acted tab (or of no tab in particular). */
function inTab(entry: StoredEntry, tabId: number): boolean {
  const own = (entry as { tabId?: number }).tabId;
  return own === undefined || own === tabId;
}

function sameRequest(a: FailedRequest, b: FailedRequest): boolean {
  return a.method === b.method && a.url === b.url;
}

/** Waits (event-driven, capped) until the store holds the failed requests the browser saw, since their captures lag. */
function capturesOf(services: ConnectorServices, reply: ActReply, startSeq: number): Promise<void> {
  const missing = () => {
    const stored = services.store.since(startSeq, ['networkErrors']) as StoredNetworkRequest[];
    return (reply.failedRequests ?? []).some((seen) => !stored.some((entry) => sameRequest(entry, seen)));
  };
  if (!missing()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, CAPTURE_WAIT_MS);
    const off = services.store.onEntry(
      (entry: StoredEntry) => entry.type === 'network-request' && !missing() && done(),
    );
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });
}
