import type { ActionOutcome } from '../../connector/actions/runAction';
import { quotedInSnapshot } from '../../shared/actions';
import { fencePage } from './fence';
import { cut, oneLine, shortLocation } from './text';

/** Room for a fence's two marker lines. */
const FENCE_CHARS = 120;

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

const refOf = (line: string) => /^(e\d+) /.exec(line)?.[1];

/** The diff's lines marked `+` new, `−` gone, `~` changed (one ref's added and removed lines, shown as it is now). */
function markedDiff(outcome: ActionOutcome): string[] {
  const { diff } = outcome;
  if (!diff) return [];
  const removedRefs = new Set(diff.removed.map(refOf).filter(Boolean));
  const changedRefs = new Set(diff.added.map(refOf).filter((ref) => ref && removedRefs.has(ref)));
  return [
    ...diff.added.map((line) => `${changedRefs.has(refOf(line)) ? '~' : '+'} ${line}`),
    ...diff.removed.filter((line) => !changedRefs.has(refOf(line))).map((line) => `− ${line}`),
  ];
}

function diffLines(marked: string[], more: number): string[] {
  if (!marked.length) return [];
  const legend = [
    marked.some((line) => line.startsWith('+')) && '+ new',
    marked.some((line) => line.startsWith('−')) && '− gone',
    marked.some((line) => line.startsWith('~')) && '~ changed',
  ].filter(Boolean);
  return [
    `- Page changes (${legend.join(', ')}):`,
    ...marked.map((line) => `  ${line}`),
    ...(more ? [`  … ${more} more changed lines: take_snapshot to see the page`] : []),
  ];
}

/** A fill's own field showing the value it was given: the model knows that already (a secret shows as dots). */
export function showsFilledValue(ref: string, value: string): (line: string) => boolean {
  const shown = [value, '•'.repeat(value.length)].map((v) => `[value=${quotedInSnapshot(v)}]`);
  return (line) => line.startsWith(`${ref} `) && shown.some((v) => line.includes(v));
}

/** The answer to an action: what was done, then what followed (dialog, errors, warnings, failed requests, navigation, changes). */
export function describeOutcome(
  done: string,
  outcome: ActionOutcome,
  budget: number,
  echo?: (line: string) => boolean,
): string {
  const lines: string[] = [];
  if (outcome.dialog) {
    const { type, message, defaultPrompt } = outcome.dialog;
    lines.push(
      `- ${type === 'alert' ? 'An' : 'A'} ${type} dialog opened: "${cut(oneLine(message), 300)}"${defaultPrompt ? ` (default answer "${defaultPrompt}")` : ''}. Answer it with handle_dialog.`,
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
  const marked = markedDiff(outcome);
  const changes = marked.filter((line) => !(echo && line.startsWith('~') && echo(line.slice(2))));
  lines.push(...diffLines(changes, outcome.diff?.more ?? 0));
  if (outcome.diffSkipped)
    lines.push(
      `- Page changes are not diffed on a page this big (${outcome.diffSkipped} snapshot lines): take_snapshot with a selector to look at the part you changed.`,
    );
  // How long the answer waited for the page matters only when the page had not settled (busy).
  const header = `${done}. What followed${outcome.busy ? ` (answer waited ${outcome.settledMs} ms for the page)` : ''}:`;
  if (lines.length === 0 && !outcome.snapshot)
    return changes.length < marked.length
      ? `${done}; nothing else followed.`
      : `${done}. Nothing followed: no errors, warnings, failed requests, dialogs, navigation, or page changes.`;
  // What followed quotes the page (messages, URLs, dialog text, changed lines): one fence holds it all.
  const text = lines.join('\n');
  const share = outcome.snapshot ? Math.floor(budget / 3) : budget;
  const followed = `${header}\n${fencePage(cut(text, share - header.length - FENCE_CHARS))}`;
  if (!outcome.snapshot) return followed;
  return `${followed}\n${fencePage(cut(outcome.snapshot, budget - followed.length - FENCE_CHARS - 10))}`;
}
