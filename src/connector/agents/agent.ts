import type { AgentSummary } from '../../shared/agents';
import { SelectedTab } from '../actions/selectedTab';

/** Chrome's tab group colours (chrome.tabGroups.ColorEnum), handed out in turn. */
export const GROUP_COLOURS = ['blue', 'red', 'yellow', 'green', 'pink', 'purple', 'cyan', 'orange', 'grey'] as const;
export type GroupColour = (typeof GROUP_COLOURS)[number];

/** An agent with no tab of its own that has not called a tool for this long no longer counts (see `present`). */
export const PRESENT_IDLE_MS = 5 * 60_000;

/**
 * One MCP session (Streamable HTTP, SSE or stdio): an agent with a short name, its own selected tab, the
 * tabs it opened (leased to it, in a tab group of its colour) and the tabs it changed (emulation, mocks),
 * so ending the session can undo exactly what it did.
 */
export class Agent {
  /** Its selected tab: new_tab and select_tab set it; snapshots and actions go there. */
  readonly tab = new SelectedTab();
  /** The tabs `new_tab` opened for it: closed when the session ends. */
  readonly opened = new Set<number>();
  /** Other tabs it emulated in: their emulations end with the session. */
  readonly emulated = new Set<number>();
  /** Network mock rules it added: cleared when the session ends. */
  readonly mocks = new Set<string>();
  /** The developer stopped it (VS Code's stop button): its tabs closed, and it may not act again. */
  stopped = false;
  /** Chrome's tab group for its tabs, once the first one opened. */
  groupId: number | undefined;
  /** When it last called a tool (or joined): see `present`. */
  lastCallAt = Date.now();

  constructor(
    readonly id: number,
    public name: string,
    readonly colour: GroupColour,
  ) {}

  summary(): AgentSummary {
    const { id, name, colour, stopped } = this;
    return { id, name, colour, stopped, tabs: [...this.opened], selectedTab: this.tab.id };
  }

  /**
   * Whether it counts among the agents the developer's tabs are kept from: it holds a tab of its own, or it
   * called a tool in the last `idleMs`. A client that went away without ending its session (a reloaded
   * window: Streamable HTTP clients often send no DELETE) stops counting once idle, so the developer's next
   * agent is not shut out of their tab until the session's one-hour timeout.
   */
  present(now = Date.now(), idleMs = PRESENT_IDLE_MS): boolean {
    return !this.stopped && (this.opened.size > 0 || now - this.lastCallAt < idleMs);
  }

  /** The tabs capture answers default to: its own (opened and selected); undefined while it has none. */
  scope(): ReadonlySet<number> | undefined {
    const tabs = new Set(this.opened);
    if (this.tab.id !== undefined) tabs.add(this.tab.id);
    return tabs.size ? tabs : undefined;
  }
}
