import type { SelectedElement } from '../../../../src/shared/protocol';
import type { CaptureSink } from '../captureSink';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { tabInfo } from '../tabsState';
import { actionSession, type ActionSession } from '../actions/actionSession';
import { actingFor } from '../actions/frameView';
import type { RefElement } from '../actions/refs';
import { callOn } from '../actions/locate';
import type { Send } from '../debuggerSession';
import { framesInScope } from '../openTabs';
import { settings } from '../settings';
import { inspect } from './inspectCommand';

/** The attribute the page picker marks the picked element with, until the worker has read it. */
const PICK_ATTRIBUTE = 'data-browser-debug-pick';
/** The `commands` entry in the manifest (its keyboard shortcut). */
export const PICK_COMMAND = 'pick-element';

/**
 * Starts the page picker in a tab (default: the selected or active one) and brings that tab forward:
 * active in its window, the window focused, so a pick started from VS Code lands where the user looks.
 */
export async function startPick(tabId?: number): Promise<{ tabId: number; picking: true; focused: boolean }> {
  const tab = await targetTab(tabId);
  // Every frame in scope gets a picker, so an element in an iframe is picked where it is.
  const target = { tabId: tab.id!, frameIds: await framesInScope(tab.id!, settings()) };
  await chrome.scripting.executeScript({ target, files: ['picker.js'] }).catch((error: Error) => {
    throw new CommandError(
      'NOT_PICKABLE',
      `Cannot pick in this tab (${error.message}): open your app's page and retry.`,
    );
  });
  return { tabId: tab.id!, picking: true, focused: await bringForward(tab) };
}

/** The tab active and its window focused; false where the browser refuses (the pick still runs). */
async function bringForward(tab: chrome.tabs.Tab): Promise<boolean> {
  try {
    if (!tab.active) await chrome.tabs.update(tab.id!, { active: true });
    await chrome.windows.update(tab.windowId, { focused: true });
    return true;
  } catch {
    return false;
  }
}

/** What the DevTools Element view has always shown, read from the element, and the pick mark removed. */
const ELEMENT = `function (attribute) {
  this.removeAttribute(attribute);
  const rect = this.getBoundingClientRect();
  const attributes = {};
  for (const { name, value } of [...this.attributes].slice(0, 50)) attributes[name] = value.slice(0, 500);
  return {
    tagName: this.tagName,
    id: this.id,
    className: typeof this.className === 'string' ? this.className : '',
    attributes,
    dimensions: { width: rect.width, height: rect.height, top: rect.top, left: rect.left },
    innerHTML: this.innerHTML.slice(0, 2000),
    textContent: (this.textContent || '').slice(0, 1000),
  };
}`;

/** Where a pick came from: the frame (its id and URL, as the browser reports them) and what the picker saw there. */
export interface PickOrigin {
  frameId?: number;
  frameUrl?: string;
  element?: SelectedElement;
}

/**
 * The picked element's node: the pick mark searched through the whole document, shadow roots (open and
 * closed) and in-process frames included; undefined when the element is in an out-of-process frame.
 */
async function markedNode(send: Send, selector: string): Promise<number | undefined> {
  await send('DOM.getDocument', { depth: 0 });
  const { searchId, resultCount } = await send<{ searchId: string; resultCount: number }>('DOM.performSearch', {
    query: selector,
    includeUserAgentShadowDOM: false,
  });
  try {
    if (!resultCount) return undefined;
    const { nodeIds } = await send<{ nodeIds: number[] }>('DOM.getSearchResults', {
      searchId,
      fromIndex: 0,
      toIndex: 1,
    });
    const { node } = await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: nodeIds[0] });
    return node.backendNodeId;
  } finally {
    await send('DOM.discardSearchResults', { searchId }).catch(() => undefined);
  }
}

/**
 * The picked element, wherever it is: the tab's page (with its shadow roots and in-process frames), else the
 * out-of-process iframes' child sessions, the frame the pick came from first.
 */
async function pickedElement(
  session: ActionSession,
  selector: string,
  frameUrl: string | undefined,
): Promise<RefElement | undefined> {
  const own = await markedNode(session.send, selector);
  if (own !== undefined) return { backendNodeId: own };
  const frames = session.targets.list().filter((target) => target.type === 'iframe');
  frames.sort((a, b) => Number(b.url === frameUrl) - Number(a.url === frameUrl));
  for (const frame of frames) {
    const found = await markedNode(session.targets.sender(frame.sessionId), selector).catch(() => undefined);
    if (found !== undefined) return { backendNodeId: found, targetId: frame.targetId };
  }
  return undefined;
}

/**
 * A pick from the page: inspects the element and sends it as a `selected-element` capture with the note. A pick
 * in a subframe names its frame (`context`); one in an out-of-process frame is inspected through that frame's
 * child session. Only when no session finds it (the frame went away) does the pick keep what its picker saw.
 */
export async function acceptPick(
  sink: CaptureSink,
  tabId: number,
  token: string,
  note: string,
  origin: PickOrigin = {},
): Promise<void> {
  // The picker's own token format; anything else never reaches a selector.
  if (!/^[\w-]{1,40}$/.test(token)) throw new CommandError('INVALID_ARGUMENT', 'Not a pick token.');
  void chrome.tabs.sendMessage(tabId, { kind: 'pick-stop' }).catch(() => undefined);
  const selector = `[${PICK_ATTRIBUTE}="${token}"]`;
  const session = await actionSession(tabId);
  const node = await pickedElement(session, selector, origin.frameUrl);
  const context =
    origin.frameId !== undefined && origin.frameId !== 0
      ? { context: { kind: 'frame' as const, url: origin.frameUrl ?? 'about:blank' } }
      : {};
  const base = { type: 'selected-element' as const, picked: true, ...(note ? { note: note.slice(0, 2000) } : {}) };
  const url = tabInfo(tabId)?.url;
  if (node === undefined) {
    if (!origin.element || !context.context) throw new CommandError('NO_MATCH', 'The picked element left the page.');
    sink.accept([{ ...base, element: origin.element, timestamp: Date.now(), url, ...context }], tabId);
    return;
  }
  const inspection = await inspect({ tabId }, node);
  delete inspection.matches;
  const { send } = actingFor(session, node.targetId);
  const element = await callOn<SelectedElement>(send, node.backendNodeId, ELEMENT, [PICK_ATTRIBUTE]);
  sink.accept(
    [
      {
        ...base,
        element: { ...element, selector: inspection.selector },
        inspection,
        timestamp: Date.now(),
        url: url ?? inspection.url,
        ...context,
      },
    ],
    tabId,
  );
}
