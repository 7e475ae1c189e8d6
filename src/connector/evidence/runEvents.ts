import type { RunEvent, RunStep } from '../../shared/evidence';
import { isFailedRequest } from '../../shared/networkOutcome';
import { rateVital } from '../../shared/performance';
import type { StoredEntry } from '../../shared/protocol';
import type { ReplayDialog } from '../../shared/recording';

const MAX_TEXT = 500;
const MAX_EVENTS = 2_000;

/** What one stored capture of the tab adds to a run's events, if anything. */
function eventOf(entry: StoredEntry, at: { atMs: number; step: number }): RunEvent | undefined {
  switch (entry.type) {
    case 'console-error':
      return { ...at, kind: 'console', level: 'error', text: entry.message.slice(0, MAX_TEXT), error: true };
    case 'console-log':
      return {
        ...at,
        kind: 'console',
        level: entry.level,
        text: entry.message.slice(0, MAX_TEXT),
        error: entry.level === 'error',
      };
    case 'network-request':
      // The browser asks for /favicon.ico on its own: not the page's doing.
      if (/\/favicon\.ico(\?|$)/.test(entry.url)) return undefined;
      return {
        ...at,
        kind: 'network',
        method: entry.method,
        url: entry.url.slice(0, MAX_TEXT),
        ...(entry.status === undefined ? {} : { status: entry.status }),
        ...(entry.error === undefined ? {} : { error: entry.error }),
        failed: isFailedRequest(entry) && !entry.mocked,
      };
    case 'web-vitals':
      return {
        ...at,
        kind: 'vital',
        name: entry.metric.name,
        value: entry.metric.value,
        rating: rateVital(entry.metric.name, entry.metric.value),
      };
    case 'page-navigated':
      return { ...at, kind: 'navigation', url: entry.url.slice(0, MAX_TEXT) };
    default:
      return undefined;
  }
}

/** The step running at `atMs` (the last one started at or before it; -1 before the first). */
export function stepAt(steps: readonly RunStep[], atMs: number): number {
  let index = -1;
  for (const step of steps) if (step.startMs <= atMs) index = step.index;
  return index;
}

/**
 * The tab's captures and the dialogs the replay answered, as events on the run's clock (ms from `startedAt`),
 * oldest first, capped. A dialog's message is page text: kept as data, cut like console lines.
 */
export function runEvents(
  captures: readonly StoredEntry[],
  startedAt: number,
  steps: readonly RunStep[],
  dialogs: readonly ReplayDialog[] = [],
): RunEvent[] {
  const events: RunEvent[] = [];
  const on = (timestamp: number) => {
    const atMs = Math.max(0, timestamp - startedAt);
    return { atMs, step: stepAt(steps, atMs) };
  };
  for (const entry of captures) {
    const event = eventOf(entry, on(entry.timestamp));
    if (event) events.push(event);
  }
  for (const { type, message, openedAt, answer } of dialogs)
    events.push({ ...on(openedAt), kind: 'dialog', type, message: message.slice(0, MAX_TEXT), answer });
  events.sort((a, b) => a.atMs - b.atMs);
  return events.slice(0, MAX_EVENTS);
}
