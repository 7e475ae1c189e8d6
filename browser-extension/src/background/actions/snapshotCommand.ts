import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { actionSession, type ActionSession } from './actionSession';
import { childTree, fullTree, lazyTree } from './axSource';
import { axLines, axNodeOf, type SnapshotLine } from './axTree';
import { elementCount } from './elementCount';
import { resolveSelectorAll } from './locate';
import { elementOfRef, isRef, rememberBigPage, rememberLines, type RefElement } from './refs';
import { budgetReader, fitSnapshot, type BudgetedSnapshot } from './snapshotBudget';

const DEFAULT_MAX_CHARS = 20_000;
/**
 * Pages with fewer elements are read whole in one call (tens of ms); bigger ones as far as the answer shows,
 * which costs a few hundred ms whatever the page's size (docs/decisions-engine.md, "Snapshots of big pages").
 */
const LAZY_FROM_ELEMENTS = 3000;
/** Child fetches after which a budgeted read gives up and takes the whole tree in one call (a page of text). */
const MAX_LAZY_CALLS = 3000;

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
  const lines = await axLines(session.tabId, (await fullTree(session.send, session.targets)).source);
  rememberLines(session.tabId, lines.map(diffKey));
  return lines;
}

/**
 * The whole page within maxChars, reading the tree only as far as the answer shows it. A small page is read
 * whole and becomes the next action's diff baseline; a big one leaves its (estimated) size instead.
 */
export async function budgetedPage(
  session: ActionSession,
  maxChars: number,
): Promise<BudgetedSnapshot & { lines: number }> {
  if ((await elementCount(session)) < LAZY_FROM_ELEMENTS) {
    const lines = await pageLines(session);
    return { ...fitSnapshot(lines, maxChars), lines: lines.length };
  }
  const tree = lazyTree(session.send, session.targets);
  const reader = budgetReader(maxChars, () => tree.calls > MAX_LAZY_CALLS);
  // The answer does not wait for the domain to be turned off (nor for the rows asked ahead to land).
  const lines = await axLines(session.tabId, tree, undefined, reader).catch((error: unknown) => {
    void tree.close();
    throw error;
  });
  const closed = tree.close();
  if (reader.overrun) {
    // The whole tree is read once the walk's calls are all answered and the domain is off.
    await closed;
    const whole = await pageLines(session);
    return { ...fitSnapshot(whole, maxChars), lines: whole.length };
  }
  if (!reader.done) {
    // Not a diff baseline: a walk can show a text run the whole tree hides (see axTree), so the next action
    // would report lines that did not change. It reads the page whole first, as after no snapshot.
    rememberBigPage(session.tabId, lines.length);
    return { ...fitSnapshot(lines, maxChars), lines: lines.length };
  }
  const all = lines.length + reader.rest.lines;
  rememberBigPage(session.tabId, all);
  return { ...fitSnapshot(lines, maxChars, reader.rest), lines: all, estimated: true };
}

async function selectedPage(
  session: ActionSession,
  selector: string,
  maxChars: number,
): Promise<BudgetedSnapshot & { lines: number }> {
  const element = isRef(selector) ? elementOfRef(session.tabId, selector.trim()) : undefined;
  if (element?.targetId !== undefined) return frameRefPart(session, element, maxChars);
  const ids = element ? [element.backendNodeId] : await resolveSelectorAll(session.send, selector);
  const lazy = (await elementCount(session)) < LAZY_FROM_ELEMENTS ? undefined : await lazyParts(session, ids, maxChars);
  if (lazy) return lazy;
  const { nodes, source } = await fullTree(session.send, session.targets);
  const lines: SnapshotLine[] = [];
  // One part after another, so new refs are numbered in page order.
  for (const id of ids)
    lines.push(...(await axLines(session.tabId, source, axNodeOf(nodes, id, `The element '${selector}'`))));
  return { ...fitSnapshot(lines, maxChars), lines: lines.length };
}

/** The part of an out-of-process iframe's tree under a ref there, read whole over the frame's child session. */
async function frameRefPart(
  session: ActionSession,
  { backendNodeId, targetId }: RefElement,
  maxChars: number,
): Promise<BudgetedSnapshot & { lines: number }> {
  const child = session.targets.byTargetId(targetId!);
  if (!child)
    throw new CommandError('STALE_REF', 'The frame that element was in is gone. Take a new snapshot and use its refs.');
  const { nodes, source } = await childTree(session.targets, child);
  const lines = await axLines(session.tabId, source, axNodeOf(nodes, backendNodeId, 'That element'));
  return { ...fitSnapshot(lines, maxChars), lines: lines.length };
}

/**
 * The parts of a big page, each read from its own AX node down, as far as the answer shows (as a page is);
 * undefined if one must come from the whole tree, or the walk needs more calls than reading it whole costs.
 */
async function lazyParts(
  session: ActionSession,
  ids: number[],
  maxChars: number,
): Promise<(BudgetedSnapshot & { lines: number }) | undefined> {
  const tree = lazyTree(session.send, session.targets);
  // Closed once whatever the walk's end; the answer does not wait for it (as budgetedPage's).
  const parts = await walkParts(session, tree, ids, maxChars).catch((error: unknown) => {
    void tree.close();
    throw error;
  });
  const closed = tree.close();
  // Before the caller reads the whole tree instead: the walk's calls answered, the domain off.
  if (!parts) await closed;
  return parts;
}

async function walkParts(
  session: ActionSession,
  tree: ReturnType<typeof lazyTree>,
  ids: number[],
  maxChars: number,
): Promise<(BudgetedSnapshot & { lines: number }) | undefined> {
  const reader = budgetReader(maxChars, () => tree.calls > MAX_LAZY_CALLS);
  await tree.root();
  const lines: SnapshotLine[] = [];
  for (let i = 0; i < ids.length; i++) {
    const node = await tree.nodeOf(ids[i]!);
    if (!node) return undefined;
    lines.push(...(await axLines(session.tabId, tree, node, reader)));
    if (reader.overrun) return undefined;
    if (reader.done) {
      // The parts not reached count as many lines as those read, on average.
      reader.unread(-1, ids.length - i - 1, lines, i + 1);
      const all = lines.length + reader.rest.lines;
      return { ...fitSnapshot(lines, maxChars, reader.rest), lines: all, estimated: true };
    }
  }
  return { ...fitSnapshot(lines, maxChars), lines: lines.length };
}

/** `snapshot` command: the page's accessibility tree as text lines with refs, within maxChars. */
export async function snapshot(args: { tabId?: number; selector?: unknown; maxChars?: unknown }) {
  const tab = await targetTab(args.tabId);
  const session = await actionSession(tab.id!);
  refuseWhileDialog(session);
  const selector = typeof args.selector === 'string' && args.selector.trim() ? args.selector : undefined;
  const maxChars = typeof args.maxChars === 'number' && args.maxChars >= 500 ? args.maxChars : DEFAULT_MAX_CHARS;
  // The tab's URL and title are asked for beside the tree, not after it: one round trip less on the answer's path.
  const tabInfo = chrome.tabs.get(tab.id!);
  tabInfo.catch(() => undefined);
  const fitted = selector ? await selectedPage(session, selector, maxChars) : await budgetedPage(session, maxChars);
  const current = await tabInfo;
  return {
    tabId: tab.id,
    url: current.url,
    title: current.title,
    text: fitted.text,
    lines: fitted.lines,
    linesEstimated: fitted.estimated,
    shownLines: fitted.shownLines,
    omitted: fitted.omitted,
  };
}
