/** The `act` command between the connector and the browser extension: what it asks for and what it answers. */

/** The actions the engine carries out with trusted input. */
export type ActionName =
  'click' | 'hover' | 'fill' | 'type_text' | 'press_key' | 'select_option' | 'drag' | 'answer_dialog';

/** A request that failed (status ≥ 400 or no response) while an action ran. */
export interface FailedRequest {
  method: string;
  url: string;
  status?: number;
  error?: string;
  /** The stored capture's id, once the connector matched it. */
  id?: string;
}

/** A JS dialog the page has open. */
export interface ActDialog {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  defaultPrompt?: string;
  url?: string;
}

/** The snapshot lines an action changed. */
export interface SnapshotDiff {
  added: string[];
  removed: string[];
  /** Changed lines beyond those listed. */
  more: number;
}

/** What the browser extension's `act` command answers. */
export interface ActReply {
  tabId: number;
  url?: string;
  title?: string;
  dialog?: ActDialog;
  /** answer_dialog: the dialog it answered (older extensions leave it out). */
  answered?: { type: string; message: string };
  navigated: boolean;
  busy: boolean;
  settledMs: number;
  diff?: SnapshotDiff;
  /** The page has this many snapshot lines, too many to diff after every action (reading its tree takes seconds). */
  diffSkipped?: number;
  /** After a navigation: the new page's snapshot (refs of the old page are gone). */
  snapshot?: string;
  failedRequests: FailedRequest[];
  /** Tabs the action opened (target=_blank, window.open); older extensions leave it out. */
  newTabs?: { tabId: number; url: string }[];
  /** fill and type_text: the field was a secret one. Only `false` lets the typed value be logged. */
  secretField?: boolean;
}

/** Longest name or value a snapshot line shows whole; the rest is cut with "…". */
const MAX_SNAPSHOT_TEXT = 100;

/** A name or value as a snapshot line writes it: whitespace folded, cut, quoted. Answers compare lines with it. */
export function quotedInSnapshot(text: string): string {
  const short = text.length > MAX_SNAPSHOT_TEXT ? `${text.slice(0, MAX_SNAPSHOT_TEXT)}…` : text;
  return JSON.stringify(short.replace(/\s+/g, ' ').trim());
}
