import { CommandError } from './commandError';
import { isInScope, outOfScopeMessage } from './scope';
import { settings } from './settings';

/**
 * What the tabs API answered for the active tab ('active') or a tab id, kept until a tab or window event could
 * change the answer: each command then skips a round trip to the browser. Any such event (activation, focus, a
 * tab created, moved, replaced, closed, or updated: its URL included) forgets every answer, and an answer asked
 * for before the latest event is not kept. The scope check still runs on every command, on the kept URL.
 */
const known = new Map<'active' | number, chrome.tabs.Tab>();
let generation = 0;
let listening = false;

/** Forgets every kept answer; also called by the worker's own tab changes (navigations, select_tab), whose events may come after them. */
export function forgetAll(): void {
  generation++;
  known.clear();
}

function listen(): void {
  if (listening) return;
  listening = true;
  const { tabs, windows } = chrome;
  for (const event of [
    tabs.onActivated,
    tabs.onUpdated,
    tabs.onCreated,
    tabs.onRemoved,
    tabs.onReplaced,
    tabs.onAttached,
    tabs.onDetached,
    tabs.onMoved,
    windows.onFocusChanged,
    windows.onCreated,
    windows.onRemoved,
  ] as chrome.events.Event<() => void>[])
    event.addListener(forgetAll);
}

/** The tabs API's answer for `key`, or the kept one when no tab or window event came since. */
async function lookUp(
  key: 'active' | number,
  ask: () => Promise<chrome.tabs.Tab | undefined>,
): Promise<chrome.tabs.Tab | undefined> {
  listen();
  const kept = known.get(key);
  if (kept) return kept;
  const asked = generation;
  const tab = await ask();
  if (tab && asked === generation) known.set(key, tab);
  return tab;
}

async function activeTab(): Promise<chrome.tabs.Tab | undefined> {
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab ?? (await chrome.tabs.query({ active: true }))[0];
}

const byId = (tabId: number) => lookUp(tabId, () => chrome.tabs.get(tabId).catch(() => undefined));

/**
 * Which tab a command acts on: an explicit tabId, else the locked tab, else the active tab of the
 * last focused window. A tab outside the scope is refused.
 */
export async function targetTab(tabId?: number): Promise<chrome.tabs.Tab> {
  const { lockedTabs } = settings();
  let tab: chrome.tabs.Tab | undefined;
  if (tabId !== undefined) {
    tab = await byId(tabId);
    if (!tab) throw new CommandError('TAB_NOT_FOUND', `No tab with id ${tabId}. List tabs to see the ids.`);
    if (lockedTabs.length && !lockedTabs.includes(tabId))
      throw new CommandError(
        'TAB_NOT_LOCKED',
        `Capture is locked to tab ${lockedTabs.join(', ')}; unlock it in the extension popup to use tab ${tabId}.`,
      );
  } else if (lockedTabs.length) {
    tab = await byId(lockedTabs[0]!);
    if (!tab)
      throw new CommandError('TAB_NOT_FOUND', 'The locked tab was closed. Lock another one in the extension popup.');
  } else {
    tab = await lookUp('active', activeTab);
    if (!tab) throw new CommandError('TAB_NOT_FOUND', 'No active tab. Open your app in Chrome.');
  }
  if (!isInScope(tab.url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(tab.url));
  return tab;
}
