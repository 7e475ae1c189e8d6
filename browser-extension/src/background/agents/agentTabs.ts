import type { CommandArgs, CommandHandlers, CommandReply } from '../../../../src/shared/browserCommands';
import type { NewTabArgs } from '../../../../src/shared/agentTabs';
import { showShared } from '../actionBadge';
import { CommandError } from '../commandError';
import { isInScope, outOfScopeMessage } from '../scope';
import { settings } from '../settings';
import { forgetAll } from '../targetTab';

/** A page that does not load this fast is answered as it is (the agent can wait_for it). */
const LOAD_TIMEOUT_MS = 30_000;

type GroupColor = `${chrome.tabGroups.Color}`;
const COLOURS: readonly string[] = ['grey', 'blue', 'red', 'yellow', 'green', 'pink', 'cyan', 'purple', 'orange'];

/**
 * Opens an agent's tab in the background (the developer's active tab stays active), loads the URL, and puts
 * the tab in the agent's tab group (its existing one, else a new one named and coloured for it).
 */
export async function newTab({ url, group }: CommandArgs<'new-tab'>): Promise<CommandReply<'new-tab'>> {
  if (typeof url !== 'string')
    throw new CommandError('INVALID_ARGUMENT', 'Give the address to open as `url`, e.g. http://localhost:5173/.');
  if (!isInScope(url, settings())) throw new CommandError('OUT_OF_SCOPE', outOfScopeMessage(url));
  const { tabId, loaded } = await createAndLoad(url);
  const groupId = await intoGroup(tabId, group);
  await loaded;
  forgetAll();
  const tab = await chrome.tabs.get(tabId);
  return { tabId, groupId, url: tab.url, title: tab.title };
}

/**
 * Creates the tab at its URL in the background; `loaded` resolves once its main frame reached `load` at a page
 * other than the initial about:blank. Listening starts before the tab exists, so no event is missed.
 */
async function createAndLoad(url: string): Promise<{ tabId: number; loaded: Promise<void> }> {
  const completed = new Set<number>();
  let tabId: number | undefined;
  let finish: (() => void) | undefined;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  const onCompleted = (details: { tabId: number; frameId: number; url: string }) => {
    if (details.frameId !== 0 || details.url === 'about:blank') return;
    completed.add(details.tabId);
    if (details.tabId === tabId) finish!();
  };
  chrome.webNavigation.onCompleted.addListener(onCompleted);
  const timer = setTimeout(() => finish!(), LOAD_TIMEOUT_MS);
  void loaded.then(() => {
    clearTimeout(timer);
    chrome.webNavigation.onCompleted.removeListener(onCompleted);
  });
  try {
    tabId = (await chrome.tabs.create({ url, active: false })).id!;
  } catch (error) {
    finish!();
    throw new CommandError('COMMAND_FAILED', `Chrome did not open the tab: ${(error as Error).message}`);
  }
  if (completed.has(tabId)) finish!();
  return { tabId, loaded };
}

/** The agent's group when it still exists, else a new one; a browser without tab groups leaves the tab ungrouped. */
async function intoGroup(tabId: number, group: NewTabArgs['group'] | undefined): Promise<number | undefined> {
  if (!group || !chrome.tabGroups) return undefined;
  const existing =
    group.groupId === undefined ? undefined : await chrome.tabGroups.get(group.groupId).catch(() => undefined);
  try {
    const groupId = await chrome.tabs.group(existing ? { tabIds: tabId, groupId: existing.id } : { tabIds: tabId });
    const color = (COLOURS.includes(group.color) ? group.color : 'grey') as GroupColor;
    await chrome.tabGroups.update(groupId, { title: String(group.title).slice(0, 60), color, collapsed: false });
    return groupId;
  } catch {
    return undefined;
  }
}

/** Closes the tabs an ended session opened; tabs already gone are skipped. */
export async function closeTabs(args: CommandArgs<'close-tabs'>): Promise<CommandReply<'close-tabs'>> {
  const ids = Array.isArray(args.tabIds) ? args.tabIds.filter((id): id is number => typeof id === 'number') : [];
  const closed: number[] = [];
  await Promise.all(
    ids.map((id) =>
      chrome.tabs.remove(id).then(
        () => closed.push(id),
        () => undefined,
      ),
    ),
  );
  return { closed };
}

/** Marks a developer's tab shared with agents, or no longer: the toolbar badge shows it on that tab. */
export async function shareTab(args: CommandArgs<'share-tab'>): Promise<CommandReply<'share-tab'>> {
  if (typeof args.tabId !== 'number') throw new CommandError('INVALID_ARGUMENT', 'Give the tab to share as `tabId`.');
  const tabId = args.tabId;
  const shared = args.shared !== false;
  await chrome.tabs.get(tabId).catch(() => {
    throw new CommandError('TAB_NOT_FOUND', `No tab with id ${tabId}. List tabs to see the ids.`);
  });
  await showShared(tabId, shared);
  return { tabId, shared };
}

/** The agent tab commands, for the command table. */
export const agentTabCommands: Pick<CommandHandlers, 'new-tab' | 'close-tabs' | 'share-tab'> = {
  'new-tab': newTab,
  'close-tabs': closeTabs,
  'share-tab': shareTab,
};
