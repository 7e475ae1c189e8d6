import type { CommandArgs, CommandHandlers } from '../../../../src/shared/browserCommands';
import type { NetworkMock } from '../../../../src/shared/networkMocks';
import { CommandError } from '../commandError';
import { targetTab } from '../targetTab';
import { TabMocks } from './tabMocks';

const tabs = new Map<number, TabMocks>();
const opening = new Map<number, Promise<TabMocks>>();

// Chrome ends Fetch interception with the debugger (its bar closed, the tab closed): so do the rules.
chrome.debugger.onDetach.addListener((source) => source.tabId !== undefined && tabs.get(source.tabId)?.dropped());
chrome.tabs.onRemoved.addListener((tabId) => tabs.get(tabId)?.dropped());

function tabMocks(tabId: number): Promise<TabMocks> {
  const open = tabs.get(tabId);
  if (open && !open.isClosed) return Promise.resolve(open);
  let pending = opening.get(tabId);
  if (!pending) {
    pending = TabMocks.open(tabId, (ended) => tabs.get(ended.tabId) === ended && tabs.delete(ended.tabId))
      .then((created) => (tabs.set(tabId, created), created))
      .finally(() => opening.delete(tabId));
    opening.set(tabId, pending);
  }
  return pending;
}

/** Every rule in force, all tabs. */
function allMocks(): NetworkMock[] {
  return [...tabs.values()].flatMap((tab) => tab.mocks);
}

/**
 * Adds a rule to the target tab (the connector validated it and chose its id). Only a tab in scope:
 * targetTab refuses the others, and the tab's requests pass untouched whenever it leaves the scope.
 */
async function addMock(args: CommandArgs<'network-mock-add'>) {
  const { rule } = args;
  if (typeof args.id !== 'string' || !rule || typeof rule !== 'object')
    throw new CommandError('INVALID_ARGUMENT', 'Give the rule as `rule` and its id as `id`.');
  const tab = await targetTab(args.tabId);
  const mocks = await tabMocks(tab.id!);
  const mock: NetworkMock = {
    ...rule,
    id: args.id,
    tabId: tab.id!,
    createdAt: Date.now(),
    hits: 0,
    remaining: rule.times,
  };
  await mocks.add(mock);
  return { mock, url: tab.url, title: tab.title };
}

/** Clears one rule by id, or every rule when no id is given. */
async function clearMocks(args: CommandArgs<'network-mock-clear'>) {
  const id = typeof args.id === 'string' ? args.id : undefined;
  let cleared = 0;
  for (const tab of [...tabs.values()]) cleared += await tab.remove(id);
  return { cleared, mocks: allMocks() };
}

async function listMocks() {
  return { mocks: allMocks() };
}

export const networkMockCommands: Pick<
  CommandHandlers,
  'network-mock-add' | 'network-mock-clear' | 'network-mock-list'
> = {
  'network-mock-add': addMock,
  'network-mock-clear': clearMocks,
  'network-mock-list': listMocks,
};

/** The connector went away: its rules must not outlive it. */
export function clearAllMocks(): void {
  void clearMocks({});
}
