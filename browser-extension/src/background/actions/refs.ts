import { CommandError } from '../commandError';

/**
 * An element a ref names: its backend node id, in the numbering of the document's process. `targetId` names
 * the child target (an out-of-process iframe) it lives in; undefined for the tab's own page.
 */
export interface RefElement {
  backendNodeId: number;
  targetId?: string;
}

/** What a tab's current document has been given: refs for its nodes, and the last snapshot lines (for diffs). */
interface PageRefs {
  byRef: Map<string, RefElement>;
  /** By `targetId/backendNodeId`: node ids of different processes may be equal. */
  byNode: Map<string, string>;
  next: number;
  /** The lines of the last full snapshot, to say what an action changed. */
  lastLines?: string[];
  /** Instead of lines: the estimated line count of a page too big to read whole (its snapshot was cut short). */
  bigPage?: number;
}

const pages = new Map<number, PageRefs>();

// Refs name nodes of one document: a main-frame navigation ends them. Numbers go on counting, so an
// old ref can never name an element of the new page.
chrome.webNavigation.onCommitted.addListener((details) => {
  const refs = details.frameId === 0 ? pages.get(details.tabId) : undefined;
  if (refs) pages.set(details.tabId, { byRef: new Map(), byNode: new Map(), next: refs.next });
});
chrome.tabs.onRemoved.addListener((tabId) => pages.delete(tabId));

function page(tabId: number): PageRefs {
  let refs = pages.get(tabId);
  if (!refs) pages.set(tabId, (refs = { byRef: new Map(), byNode: new Map(), next: 1 }));
  return refs;
}

/** The node's ref, the same one every snapshot gives it until the page navigates. */
export function refFor(tabId: number, backendNodeId: number, targetId?: string): string {
  const refs = page(tabId);
  const key = `${targetId ?? ''}/${backendNodeId}`;
  let ref = refs.byNode.get(key);
  if (!ref) {
    ref = `e${refs.next++}`;
    refs.byNode.set(key, ref);
    refs.byRef.set(ref, targetId === undefined ? { backendNodeId } : { backendNodeId, targetId });
  }
  return ref;
}

/** The element of a ref, wherever it lives, or a CommandError that says to take a new snapshot. */
export function elementOfRef(tabId: number, ref: unknown): RefElement {
  if (typeof ref !== 'string' || !/^e\d+$/.test(ref))
    throw new CommandError(
      'INVALID_ARGUMENT',
      `'${String(ref)}' is not a ref: pass one that starts a take_snapshot line, e.g. "e7".`,
    );
  const node = pages.get(tabId)?.byRef.get(ref);
  if (node === undefined)
    throw new CommandError(
      'UNKNOWN_REF',
      `No element has ref ${ref} on this page: the page navigated since, or the ref is from another tab. Take a new snapshot and use its refs.`,
    );
  return node;
}

export function isRef(text: string): boolean {
  return /^e\d+$/.test(text.trim());
}

export function lastLines(tabId: number): string[] | undefined {
  return pages.get(tabId)?.lastLines;
}

export function rememberLines(tabId: number, lines: string[]): void {
  const refs = page(tabId);
  refs.lastLines = lines;
  refs.bigPage = undefined;
}

/** A snapshot read only part of the page: no lines to diff with, but the page's size (diffs skip big pages). */
export function rememberBigPage(tabId: number, lines: number): void {
  const refs = page(tabId);
  refs.lastLines = undefined;
  refs.bigPage = lines;
}

export function bigPage(tabId: number): number | undefined {
  return pages.get(tabId)?.bigPage;
}
