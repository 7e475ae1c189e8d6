import type { ActReply, FailedRequest } from '../../../../src/shared/actions';
import { CommandError } from '../commandError';
import { isInScope, outOfScopeMessage } from '../scope';
import { settings } from '../settings';
import { targetTab } from '../targetTab';
import type { Acting, ElementAt } from './acting';
import { actionSession, type ActionSession, type OpenDialog } from './actionSession';
import { answerDialog, dialogSession } from './dialogs';
import { fillNode, selectOptions } from './forms';
import { pressKey, typeText, type Modifier } from './keyboard';
import { clickNode, dragNode, hoverNode, type MouseButton } from './mouse';
import { resolveAnySelector } from './locate';
import { bigPage, elementOfRef, lastLines } from './refs';
import { typesIntoSecret } from './secretTarget';
import { settle } from './settle';
import { diffLines } from './snapshotDiff';
import { actingFor } from './frameView';
import { budgetedPage, diffKey, pageLines, refuseWhileDialog } from './snapshotCommand';

type Args = Record<string, unknown>;
/** Above this many snapshot lines an action does not re-read the page for a diff: on a big page that takes seconds. */
const MAX_DIFF_PAGE_LINES = 3000;
/** Actions that type say whether the field was a secret one, so the connector never logs the value. */
type Action = (session: ActionSession, args: Args) => Promise<void | { secretField?: boolean; answered?: OpenDialog }>;

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new CommandError('INVALID_ARGUMENT', `Give \`${name}\` as a string.`);
  return value;
};

/** The element of a ref, or (for callers such as Recorder replay, which have no snapshot) of `selector`. */
async function node(session: ActionSession, ref: unknown, selector?: unknown): Promise<ElementAt> {
  if (ref === undefined && typeof selector === 'string')
    return { at: session, backendNodeId: await resolveAnySelector(session.send, selector) };
  const { backendNodeId, targetId } = elementOfRef(session.tabId, ref);
  return { at: actingFor(session, targetId), backendNodeId };
}

/** Focuses the ref's element first, when one is given, so keys and text go there; answers where it is. */
async function focusRef(session: ActionSession, ref: unknown, selector: unknown): Promise<Acting> {
  if (ref === undefined && selector === undefined) return session;
  const { at, backendNodeId } = await node(session, ref, selector);
  await at.send('DOM.focus', { backendNodeId }).catch(() => {
    throw new CommandError(
      'NOT_FOCUSABLE',
      `Element ${String(ref)} cannot take the keyboard focus. Click it first, or pick an input, button or link.`,
    );
  });
  return at;
}

const ACTIONS: Record<string, Action> = {
  click: async (session, args) => {
    const { at, backendNodeId } = await node(session, args.ref, args.selector);
    return clickNode(at, backendNodeId, {
      button: args.button as MouseButton | undefined,
      clickCount: args.clickCount as number | undefined,
      modifiers: args.modifiers as Modifier[] | undefined,
    });
  },
  hover: async (session, args) => {
    const { at, backendNodeId } = await node(session, args.ref, args.selector);
    return hoverNode(at, backendNodeId);
  },
  fill: async (session, args) => {
    const { at, backendNodeId } = await node(session, args.ref, args.selector);
    const secretField = await typesIntoSecret(at, backendNodeId);
    await fillNode(at, backendNodeId, text(args.value, 'value'));
    return { secretField };
  },
  type_text: async (session, args) => {
    const at = await focusRef(session, args.ref, args.selector);
    const secretField = await typesIntoSecret(at);
    await typeText(at, text(args.text, 'text'));
    return { secretField };
  },
  press_key: async (session, args) => pressKey(await focusRef(session, args.ref, args.selector), text(args.key, 'key')),
  select_option: async (session, args) => {
    const { at, backendNodeId } = await node(session, args.ref, args.selector);
    return selectOptions(at, backendNodeId, (Array.isArray(args.values) ? args.values : [args.values]).map(String));
  },
  // Answering a dialog is an action too: what the page does next (a request, an error) is its outcome.
  answer_dialog: (session, args) => answerDialog(session, args),
  drag: async (session, args) => {
    const from = await node(session, args.fromRef, args.fromSelector);
    const to = await node(session, args.toRef, args.toSelector);
    return dragNode(from, to);
  },
};

export type ActResult = ActReply & { newTabs: NonNullable<ActReply['newTabs']> };

/** A new tab's URL is known once it started loading, which is after it was created. */
async function withUrl(tab: { tabId: number; url: string }): Promise<{ tabId: number; url: string }> {
  const now = await chrome.tabs.get(tab.tabId).catch(() => undefined);
  return { tabId: tab.tabId, url: now?.pendingUrl || now?.url || tab.url };
}

/** Tabs the acting tab opens while the action runs. */
function watchNewTabs(openerTabId: number) {
  const opened: { tabId: number; url: string }[] = [];
  const created = (tab: chrome.tabs.Tab) => {
    if (tab.openerTabId === openerTabId && tab.id !== undefined)
      opened.push({ tabId: tab.id, url: tab.pendingUrl ?? tab.url ?? '' });
  };
  chrome.tabs.onCreated.addListener(created);
  return { opened, stop: () => chrome.tabs.onCreated.removeListener(created) };
}

/** Requests the action's page made that failed: the connector waits for their captures, and falls back to these. */
function watchRequests(session: ActionSession) {
  const sent = new Map<string, { method: string; url: string; status?: number }>();
  const failed: FailedRequest[] = [];
  const offs = [
    session.on('Network.requestWillBeSent', (p) =>
      sent.set(p.requestId, { method: p.request.method, url: p.request.url }),
    ),
    session.on('Network.responseReceived', (p) => {
      const request = sent.get(p.requestId);
      if (request && p.response.status >= 400) failed.push({ ...request, status: p.response.status });
    }),
    session.on('Network.loadingFailed', (p) => {
      const request = sent.get(p.requestId);
      if (request && !p.canceled) failed.push({ ...request, error: p.errorText });
    }),
  ];
  return { failed, stop: () => offs.forEach((off) => off()) };
}

/**
 * Watches the main frame while an action runs: did a navigation commit (a new document), and did it load.
 * A navigation only requested (a link to a 204, a download, one the page cancels) is no navigation: its
 * request is waited for like any other, and the answer does not say the page navigated.
 */
function watchNavigation(session: ActionSession) {
  const state = { started: false, loaded: false };
  const offs = [
    session.on(
      'Page.frameNavigated',
      (p) => !p.frame.parentId && Object.assign(state, { started: true, loaded: false }),
    ),
    session.on('Page.loadEventFired', () => state.started && (state.loaded = true)),
  ];
  return { state, stop: () => offs.forEach((off) => off()) };
}

/**
 * `act` command: one action with trusted input, then the page's settling, then what changed in the
 * snapshot. A JS dialog the action opens ends the wait at once and is named in the result.
 */
export async function act(args: Args): Promise<ActResult> {
  const action =
    typeof args.action === 'string' && Object.hasOwn(ACTIONS, args.action) ? ACTIONS[args.action] : undefined;
  if (!action)
    throw new CommandError(
      'INVALID_ARGUMENT',
      `Unknown action '${String(args.action)}': use one of ${Object.keys(ACTIONS).join(', ')}.`,
    );
  const tab = await targetTab(args.tabId as number | undefined);
  const answering = args.action === 'answer_dialog';
  const session = answering ? dialogSession(tab.id!) : await actionSession(tab.id!);
  if (!answering) refuseWhileDialog(session);
  if (!answering) await session.show();
  const dialogKnown = answering ? session.dialog : undefined;
  // A page held by a dialog cannot be read: without the lines of an earlier action there is no diff.
  // A snapshot that read only part of a page too big to diff leaves its size, not lines: no diff, no full read.
  const big = (bigPage(session.tabId) ?? 0) > MAX_DIFF_PAGE_LINES ? bigPage(session.tabId) : undefined;
  const before = lastLines(session.tabId) ?? (answering || big ? undefined : (await pageLines(session)).map(diffKey));
  const startedAt = Date.now();
  const earlier = new Set(session.inFlight);
  const navigation = watchNavigation(session);
  const requests = watchRequests(session);
  const newTabs = watchNewTabs(session.tabId);
  const dialogOpened = session.next('Page.javascriptDialogOpening');
  try {
    const done = action(session, args);
    let secretField: boolean | undefined;
    // The dialog an answer answered (answerDialog names it); the one known before, if a new one opened first.
    let answeredDialog = dialogKnown;
    const raced = await Promise.race([
      done.then((result) => {
        secretField = result?.secretField;
        answeredDialog = result?.answered ?? answeredDialog;
        return 'done' as const;
      }),
      // Answering a dialog whose opening event had not reached us yet: that event is this dialog's, not a new one.
      ...(answering && !dialogKnown ? [] : [dialogOpened.promise.then(() => 'dialog' as const)]),
    ]);
    // The input that opened the dialog stays pending until the dialog is answered; nothing waits for it.
    if (raced === 'dialog') done.catch(() => undefined);
    const answered = answeredDialog ? { type: answeredDialog.type, message: answeredDialog.message } : undefined;
    const settled = session.dialog
      ? { ms: Date.now() - startedAt, navigated: navigation.state.started, busy: false }
      : await settle(session, navigation.state, startedAt, earlier);
    return {
      ...(await outcome(session, before ?? big, settled, Number(args.maxChars) || 8000)),
      ...(answered ? { answered } : {}),
      failedRequests: requests.failed.slice(0, 20),
      newTabs: await Promise.all(newTabs.opened.map(withUrl)),
      secretField,
    };
  } finally {
    navigation.stop();
    requests.stop();
    newTabs.stop();
    dialogOpened.cancel();
  }
}

async function outcome(
  session: ActionSession,
  before: string[] | number | undefined,
  settled: { ms: number; navigated: boolean; busy: boolean },
  maxChars: number,
): Promise<Omit<ActResult, 'failedRequests' | 'newTabs'>> {
  const tab = await chrome.tabs.get(session.tabId);
  const result = {
    tabId: session.tabId,
    url: tab.url,
    title: tab.title,
    navigated: settled.navigated,
    busy: settled.busy,
    settledMs: settled.ms,
  };
  if (session.dialog) {
    const { type, message, defaultPrompt, url } = session.dialog;
    return { ...result, dialog: { type, message, defaultPrompt, url } };
  }
  if (settled.navigated && !isInScope(tab.url, settings())) {
    // The action led off the allowed origins: that page is not read, and the debugger lets go of it.
    await session.detach();
    return {
      ...result,
      snapshot: `(The new page is outside Browser Debug's scope, so it is not read or controlled: ${outOfScopeMessage(tab.url)})`,
    };
  }
  if (settled.navigated) return { ...result, snapshot: (await budgetedPage(session, maxChars)).text };
  if (!before) return result;
  if (typeof before === 'number') return { ...result, diffSkipped: before };
  if (before.length > MAX_DIFF_PAGE_LINES) return { ...result, diffSkipped: before.length };
  const lines = await pageLines(session);
  return { ...result, diff: diffLines(before, lines.map(diffKey)) };
}
