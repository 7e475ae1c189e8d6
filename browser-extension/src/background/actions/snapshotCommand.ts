import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, type ActionSession } from './actionSession';
import { axLines, axNodeOf, fullTree, type SnapshotLine } from './axTree';
import { resolveSelectorAll } from './locate';
import { isRef, nodeOfRef, rememberLines } from './refs';
import { fitSnapshot } from './snapshotBudget';

const DEFAULT_MAX_CHARS = 20_000;

/** Refuses to read or act while a JS dialog blocks the page: the page could not answer anyway. */
export function refuseWhileDialog(session: ActionSession): void {
  const { dialog } = session;
  if (dialog)
    throw new CommandError(
      'DIALOG_OPEN',
      `${dialog.type === 'alert' ? 'An' : 'A'} ${dialog.type} dialog is open ("${dialog.message.slice(0, 200)}") and blocks the page. Answer it with handle_dialog (accept true or false) first.`,
    );
}

/** A line as diffs compare it: without indentation, and without focus, which every click moves. */
export function diffKey(line: SnapshotLine): string {
  return line.text.trim().replace(' [focused]', '');
}

/** The whole page's lines; remembered as the baseline the next action's diff compares with. */
export async function pageLines(session: ActionSession): Promise<SnapshotLine[]> {
  const lines = axLines(session.tabId, await fullTree(session.send));
  rememberLines(session.tabId, lines.map(diffKey));
  return lines;
}

async function selectedLines(session: ActionSession, selector: string): Promise<SnapshotLine[]> {
  const ids = isRef(selector)
    ? [nodeOfRef(session.tabId, selector.trim())]
    : await resolveSelectorAll(session.send, selector);
  const tree = await fullTree(session.send);
  return ids.flatMap((id) => axLines(session.tabId, tree, axNodeOf(tree.nodes, id, `The element '${selector}'`)));
}

/** `snapshot` command: the page's accessibility tree as text lines with refs, within maxChars. */
export async function snapshot(args: { tabId?: number; selector?: unknown; maxChars?: unknown }) {
  const tab = await targetTab(args.tabId);
  const session = await actionSession(tab.id!);
  refuseWhileDialog(session);
  const selector = typeof args.selector === 'string' && args.selector.trim() ? args.selector : undefined;
  const lines = selector ? await selectedLines(session, selector) : await pageLines(session);
  const maxChars = typeof args.maxChars === 'number' && args.maxChars >= 500 ? args.maxChars : DEFAULT_MAX_CHARS;
  const fitted = fitSnapshot(lines, maxChars);
  const current = await chrome.tabs.get(tab.id!);
  return {
    tabId: tab.id,
    url: current.url,
    title: current.title,
    text: fitted.text,
    lines: lines.length,
    shownLines: fitted.shownLines,
    omitted: fitted.omitted,
  };
}
