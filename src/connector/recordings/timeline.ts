import type { StoredEntry } from '../../shared/protocol';
import type { BrowserRecording, Problem, TimedStep, TimelineEntry } from '../../shared/recording';
import { isFailedRequest } from '../../shared/networkOutcome';

const MAX_TEXT = 300;
const MAX_ENTRIES = 2_000;

/** The same error or failed request in two runs has the same key: numbers and ids do not count. */
export function errorKey(message: string): string {
  return message
    .replace(/\s+/g, ' ')
    .replace(/:\d+:\d+/g, '')
    .replace(/0x[0-9a-f]+|\b[0-9a-f]{8,}\b|\d{5,}/gi, '#')
    .trim()
    .slice(0, 200);
}

export function requestKey(method: string, url: string, outcome: string): string {
  let where = url;
  try {
    const parsed = new URL(url);
    where = parsed.origin + parsed.pathname;
  } catch {
    // not a URL: compare it as it is
  }
  return `${method.toUpperCase()} ${where} → ${outcome}`;
}

/** What one stored capture of the tab adds to a timeline, if anything. */
function fromCapture(entry: StoredEntry): Omit<TimelineEntry, 'at' | 'step'> | undefined {
  switch (entry.type) {
    case 'console-error':
      return { kind: 'error', text: entry.message, key: errorKey(entry.message) };
    case 'console-log':
      if (entry.level === 'error')
        return { kind: 'error', text: `console.error: ${entry.message}`, key: errorKey(entry.message) };
      return { kind: 'console', text: `console.${entry.level}: ${entry.message}` };
    case 'network-request': {
      // The browser asks for /favicon.ico on its own, and caches the answer: not the page's doing.
      // A network mock's failure is the premise of the run, not a problem of the page.
      if (!isFailedRequest(entry) || entry.mocked || /\/favicon\.ico(\?|$)/.test(entry.url)) return undefined;
      const outcome = entry.error ?? String(entry.status ?? 'no response');
      return {
        kind: 'request',
        text: `${entry.method} ${entry.url} → ${outcome}`,
        key: requestKey(entry.method, entry.url, outcome),
      };
    }
    case 'page-navigated':
      return { kind: 'navigation', text: `navigated to ${entry.url}` };
    default:
      return undefined;
  }
}

/** Index of the last step that started at or before `timestamp` (-1 before the first). */
function stepBefore(steps: readonly TimedStep[], timestamp: number): number {
  let index = -1;
  for (let i = 0; i < steps.length && steps[i]!.timestamp <= timestamp; i++) index = i;
  return index;
}

/** Steps and the tab's captures (errors, failed requests, console output, navigations, dialogs) on one clock. */
export function buildTimeline(
  recording: Pick<BrowserRecording, 'steps' | 'dialogs' | 'startedAt'>,
  captures: readonly StoredEntry[],
): TimelineEntry[] {
  const { steps, startedAt } = recording;
  const timeline: TimelineEntry[] = steps.map(({ step, timestamp }, index) => ({
    at: timestamp - startedAt,
    kind: 'step',
    step: index,
    text: describeStep(step),
  }));
  for (const entry of captures) {
    const line = fromCapture(entry);
    if (line)
      timeline.push({
        ...line,
        text: line.text.slice(0, MAX_TEXT),
        at: Math.max(0, entry.timestamp - startedAt),
        step: stepBefore(steps, entry.timestamp),
      });
  }
  for (const dialog of recording.dialogs)
    timeline.push({
      kind: 'dialog',
      text: dialog.text,
      at: dialog.timestamp - startedAt,
      step: stepBefore(steps, dialog.timestamp),
    });
  // Steps sort before what they caused at the same millisecond.
  timeline.sort((a, b) => a.at - b.at || (a.kind === 'step' ? -1 : 0) - (b.kind === 'step' ? -1 : 0));
  return timeline.slice(0, MAX_ENTRIES);
}

export function problemsOf(timeline: readonly TimelineEntry[]): Problem[] {
  return timeline
    .filter((entry) => entry.key && (entry.kind === 'error' || entry.kind === 'request'))
    .map((entry) => ({ kind: entry.kind as Problem['kind'], text: entry.text, key: entry.key!, step: entry.step }));
}

/** One line per step, as a person would say it. */
export function describeStep(step: { type: string; [field: string]: unknown }): string {
  const target = Array.isArray(step.selectors)
    ? String((Array.isArray(step.selectors[0]) ? step.selectors[0][0] : step.selectors[0]) ?? '')
    : '';
  switch (step.type) {
    case 'navigate':
      return `navigate to ${String(step.url)}`;
    case 'setViewport':
      return `set viewport ${String(step.width)}×${String(step.height)}`;
    case 'change':
      return `change ${target} to ${JSON.stringify(step.value)}`;
    case 'keyDown':
    case 'keyUp':
      return `${step.type} ${String(step.key)}`;
    case 'scroll':
      return `scroll ${target ? `${target} ` : ''}to ${String(step.x ?? 0)},${String(step.y ?? 0)}`;
    default:
      return `${step.type}${target ? ` ${target}` : ''}`;
  }
}
