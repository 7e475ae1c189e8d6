import { ApiError } from '../../shared/errors';
import { tabIdOf, type CommandArgs, type CommandName, type CommandReply } from '../../shared/browserCommands';
import type { BrowserBridge } from '../wire/browserBridge';
import type { Agent } from './agent';
import type { AgentBook } from './agentBook';
import { checkTab } from './leaseGate';

/** Commands that read from or act in one tab: they go to the agent's tab and through the lease gate. */
const TAB_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>([
  'run-script',
  'navigate',
  'current-url',
  'snapshot',
  'act',
  'inspect',
  'highlight',
  'pick',
  'performance-trace',
  'tab-target',
  'record-start',
  'replay-step',
  'visual-shot',
  'emulate',
  'history',
  'select-tab',
  'wait-for',
  'dialog',
  'upload-file',
  'network-mock-add',
]);

const QUICK_MS = 3000;

/**
 * The bridge as one agent sees it: a tab command without a tabId goes to the agent's selected tab, every
 * tab it names passes the lease gate first (nothing reaches a tab the gate refuses), and a tab of its own
 * that has closed ends its lease with a clear answer. Everything else is the connector's bridge itself.
 */
export function agentBridge(bridge: BrowserBridge, book: AgentBook, agent: Agent): BrowserBridge {
  const command = async <K extends CommandName>(
    name: K,
    args: CommandArgs<K>,
    timeoutMs: number,
  ): Promise<CommandReply<K>> => {
    if (agent.stopped)
      throw new ApiError(
        'FORBIDDEN',
        `The developer stopped this agent ("${agent.name}") and closed its tabs. Stop and tell the user; a new session starts afresh.`,
      );
    if (!TAB_COMMANDS.has(name)) return bridge.command(name, args, timeoutMs);
    const tabId = await targetOf(bridge, book, agent, tabIdOf(args));
    if (tabId !== undefined) checkTab(book, agent, tabId);
    if (name === 'emulate') noteEmulated(agent, tabId);
    try {
      const reply = await bridge.command(name, tabId === undefined ? args : { ...args, tabId }, timeoutMs);
      // Without a tab named, the extension chose the developer's active tab: the reply says which.
      if (name === 'emulate' && tabId === undefined) noteEmulated(agent, tabOfReply(reply));
      return reply;
    } catch (error) {
      throw closedTab(error, book, agent, tabId);
    }
  };
  // Object.create keeps the bridge's state and getters (connected, count...) where they are.
  return Object.create(bridge, { command: { value: command } }) as BrowserBridge;
}

/**
 * The tab a command goes to: the one it names, else the agent's selected tab. Without either, the extension
 * picks the developer's active tab; with two or more agents that choice is gated too, so it is looked up here.
 */
async function targetOf(
  bridge: BrowserBridge,
  book: AgentBook,
  agent: Agent,
  explicit: number | undefined,
): Promise<number | undefined> {
  if (explicit !== undefined) return explicit;
  if (agent.tab.id !== undefined) return agent.tab.id;
  if (book.count < 2) return undefined;
  const reply = await bridge.command('tabs', {}, QUICK_MS);
  return reply.tabs.find((tab) => tab.active)?.id;
}

/** A tab the agent emulated in that it did not open: the session's end resets the emulation there. */
function noteEmulated(agent: Agent, tabId: number | undefined): void {
  if (tabId !== undefined && !agent.opened.has(tabId)) agent.emulated.add(tabId);
}

function tabOfReply(reply: unknown): number | undefined {
  return typeof reply === 'object' && reply !== null && 'tabId' in reply && typeof reply.tabId === 'number'
    ? reply.tabId
    : undefined;
}

/** A tab of the agent's own that is gone: the lease ends, and the answer says so. */
function closedTab(error: unknown, book: AgentBook, agent: Agent, tabId: number | undefined): unknown {
  const gone = error instanceof ApiError && error.details.browserCode === 'TAB_NOT_FOUND';
  if (!gone || tabId === undefined) return error;
  const own = book.holder(tabId) === agent || agent.tab.id === tabId;
  agent.tab.forget(tabId);
  book.release(tabId);
  if (!own) return error;
  return new ApiError(
    'TAB_CLOSED',
    `Your tab ${tabId} was closed (by the developer, or it crashed), so your lease on it ended. Open a new one with new_tab.`,
    { tabId },
  );
}
