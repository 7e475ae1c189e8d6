import { CommandError } from './commandError';
import { isInScope, outOfScopeMessage } from './scope';
import { settings } from './settings';

/**
 * What the tabs API answered for the active tab ('active') or a tab id, kept until a tab or window event could
 * change the answer: each command then skips a round trip to the browser. A tab updated (its URL, title or
 * loading state) forgets its own answer and the active tab's; any other such event (activation, focus, a tab
 * created, moved, replaced or closed) forgets every answer. An answer asked for before the latest event that
 * concerns it is not kept. The scope check still runs on every command, on the kept URL. With several agents
 * loading pages at once, updates are constant, and forgetting every tab on each made most commands ask again.
 */
type Key = 'active' | number;
const known = new Map<Key, chrome.tabs.Tab>();
/** Bumped by events that concern one key (see forgetTab); cleared with the generation. */
const changes = new Map<Key, number>();
let generation = 0;
let listening = false;

/** Forgets every kept answer; also called by the worker's own tab changes (navigations, select_tab), whose events may come after them. */
export function forgetAll(): void {
  generation++;
  known.clear();
  changes.clear();
}

/** One tab was updated: its own answer and the active tab's (it may be that tab) are stale, the rest are not. */
function forgetTab(tabId: number): void {
  for (const key of [tabId, 'active'] as const) {
    known.delete(key);
    changes.set(key, (changes.get(key) ?? 0) + 1);
  }
}

const stampOf = (key: Key) => `${generation}:${changes.get(key) ?? 0}`;

function listen(): void {
  if (listening) return;
  listening = true;
  const { tabs, windows } = chrome;
  tabs.onUpdated.addListener((tabId) => forgetTab(tabId));
  for (const event of [
    tabs.onActivated,
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
async function lookUp(key: Key, ask: () => Promise<chrome.tabs.Tab | undefined>): Promise<chrome.tabs.Tab | undefined> {
  listen();
  const kept = known.get(key);
  if (kept) return kept;
  const asked = stampOf(key);
  const tab = await ask();
  if (tab && asked === stampOf(key)) known.set(key, tab);
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
