import { ApiError } from '../../shared/errors';
import type { Agent } from './agent';
import type { AgentBook } from './agentBook';

/**
 * Which tabs an agent may act in or read from. The only place that decides it; every command an MCP session
 * sends to a tab passes here (agentBridge).
 *
 * 1. A tab the agent opened (`new_tab`) is its own: always allowed.
 * 2. A tab another agent opened is refused with TAB_LEASED, naming the holder; nothing reaches that tab.
 * 3. Any other tab is the developer's. With one agent connected, that agent may use it as before.
 * 4. With two or more agents, the developer's tab is refused with TAB_NOT_SHARED unless the developer shared it
 *    (VS Code command, the popup, or the "share always" setting).
 */
export function checkTab(book: AgentBook, agent: Agent, tabId: number): void {
  const holder = book.holder(tabId);
  if (holder === agent) return;
  if (holder)
    throw new ApiError(
      'TAB_LEASED',
      `Tab ${tabId} is leased to another agent, "${holder.name}": nothing was done in it. Use your own tab (new_tab opens one), or leave that tab to its agent.`,
      { tabId, holder: holder.name },
    );
  if (book.count > 1 && !book.isShared(tabId))
    throw new ApiError(
      'TAB_NOT_SHARED',
      `Tab ${tabId} is the developer's, and ${book.count} agents are connected: agents act only in tabs the developer shared. Open your own tab with new_tab, or ask the developer to share this one (VS Code: "Browser Debug: Share Tab with Agents", or the extension popup).`,
      { tabId },
    );
}

/**
 * The tab a command of an agent's goes to when the service sending it reaches the browser on its own (mocks,
 * replays, traces): the tab it asked for, else its selected tab, through the same rules. Without either, the
 * browser's own choice (the developer's active tab) is left to one agent alone.
 */
export function gatedTab(
  book: AgentBook,
  agent: Agent,
  asked: number | undefined,
  selected: number | undefined,
): number | undefined {
  const tabId = asked ?? selected;
  if (tabId !== undefined) checkTab(book, agent, tabId);
  else if (book.count > 1)
    throw new ApiError(
      'TAB_NOT_SHARED',
      `${book.count} agents are connected, so the developer's active tab is not yours to use: open your own tab with new_tab first, or pass the tabId of a tab the developer shared.`,
    );
  return tabId;
}
