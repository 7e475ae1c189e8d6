import type { ActionOutcome } from '../../connector/actions/runAction';
import { cut, oneLine, shortLocation } from './text';

const MAX_ENTRIES = 10;

function entryLines<T>(label: string, entries: T[], line: (entry: T) => string): string[] {
  const shown = entries.slice(-MAX_ENTRIES).map((entry) => `- ${label} ${line(entry)}`);
  return entries.length > MAX_ENTRIES
    ? [`- … ${entries.length - MAX_ENTRIES} earlier ${label.toLowerCase()}s (get_console_logs)`, ...shown]
    : shown;
}

function consoleLine(entry: { id: string; message: string; source?: string }): string {
  return `#${entry.id}: ${cut(oneLine(entry.message), 300)}${entry.source ? ` (${shortLocation(entry.source)})` : ''}`;
}

function diffLines(outcome: ActionOutcome): string[] {
  const { diff } = outcome;
  if (!diff || (!diff.added.length && !diff.removed.length)) return [];
  return [
    `- Page changes (+ new, − gone):`,
    ...diff.added.map((line) => `  + ${line}`),
    ...diff.removed.map((line) => `  − ${line}`),
    ...(diff.more ? [`  … ${diff.more} more changed lines: take_snapshot to see the page`] : []),
  ];
}

/** The answer to an action: what was done, then what followed (dialog, errors, warnings, failed requests, navigation, changes). */
export function describeOutcome(done: string, outcome: ActionOutcome, budget: number): string {
  const lines: string[] = [];
  if (outcome.dialog) {
    const { type, message, defaultPrompt } = outcome.dialog;
    lines.push(
      `- ${type === 'alert' ? 'An' : 'A'} ${type} dialog opened: "${cut(oneLine(message), 300)}"${defaultPrompt ? ` (default answer "${defaultPrompt}")` : ''}. It blocks the page: answer it with handle_dialog.`,
    );
  }
  lines.push(...entryLines('Error', outcome.errors, consoleLine));
  lines.push(...entryLines('Warning', outcome.warnings, consoleLine));
  lines.push(
    ...entryLines(
      'Failed request',
      outcome.failed,
      (request) =>
        `${request.id ? `#${request.id}: ` : ''}${request.method} ${cut(request.url, 300)} → ${request.status || request.error || 'no response'}`,
    ),
  );
  if (outcome.navigated)
    lines.push(
      `- Navigated to ${outcome.title ? `"${outcome.title}" ` : ''}${outcome.url ?? ''}. Refs of the previous page are gone; the new page:`,
    );
  for (const tab of outcome.newTabs ?? [])
    lines.push(
      `- Opened a new tab ${tab.tabId}: ${cut(tab.url, 300) || '(no URL yet)'}. Later actions go to the active tab (get_current_page names it); select_tab picks one.`,
    );
  if (outcome.busy)
    lines.push(
      `- The page was still busy (requests in flight or loading) when this answer was written; later effects show in the next answer or get_console_logs.`,
    );
  lines.push(...diffLines(outcome));
  if (outcome.diffSkipped)
    lines.push(
      `- Page changes are not diffed on a page this big (${outcome.diffSkipped} snapshot lines): take_snapshot with a selector to look at the part you changed.`,
    );
  // How long the answer waited for the page matters only when the page had not settled (busy).
  const settled = outcome.busy ? `, answer waited ${outcome.settledMs} ms for the page` : '';
  const header = `${done}. What followed (${outcome.tookMs} ms${settled}):`;
  if (lines.length === 0 && !outcome.snapshot)
    return `${done}. Nothing followed: no errors, warnings, failed requests, dialogs, navigation, or page changes.`;
  const text = [header, ...lines].join('\n');
  if (!outcome.snapshot) return cut(text, budget);
  return `${cut(text, Math.floor(budget / 3))}\n${cut(outcome.snapshot, budget - Math.min(text.length, Math.floor(budget / 3)) - 10)}`;
}
