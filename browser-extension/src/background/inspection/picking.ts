import type { SelectedElement } from '../../../../src/shared/protocol';
import type { CaptureSink } from '../captureSink';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { tabInfo } from '../tabsState';
import { actionSession } from '../actions/actionSession';
import { callOn, resolveSelector } from '../actions/locate';
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
  await chrome.scripting.executeScript({ target: { tabId: tab.id! }, files: ['picker.js'] }).catch((error: Error) => {
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

/** A pick from the page: inspects the element and sends it as a `selected-element` capture with the note. */
export async function acceptPick(sink: CaptureSink, tabId: number, token: string, note: string): Promise<void> {
  // The picker's own token format; anything else never reaches a selector.
  if (!/^[\w-]{1,40}$/.test(token)) throw new CommandError('INVALID_ARGUMENT', 'Not a pick token.');
  const selector = `[${PICK_ATTRIBUTE}="${token}"]`;
  const inspection = await inspect({ tabId, selector });
  delete inspection.matches;
  const session = await actionSession(tabId);
  const node = await resolveSelector(session.send, selector);
  const element = await callOn<SelectedElement>(session.send, node, ELEMENT, [PICK_ATTRIBUTE]);
  sink.accept(
    [
      {
        type: 'selected-element',
        element: { ...element, selector: inspection.selector },
        picked: true,
        ...(note ? { note: note.slice(0, 2000) } : {}),
        inspection,
        timestamp: Date.now(),
        url: tabInfo(tabId)?.url ?? inspection.url,
      },
    ],
    tabId,
  );
}
