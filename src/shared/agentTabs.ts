/**
 * Commands for agents' tabs: open one in the agent's tab group, close those a session opened, and mark a
 * developer's tab shared with agents (its toolbar badge).
 */
export const AGENT_TAB_COMMANDS = ['new-tab', 'close-tabs', 'share-tab'] as const;

/** `new-tab`'s arguments: where to go, and the agent's tab group (an existing groupId, else a new one). */
export interface NewTabArgs {
  url: string;
  group: { title: string; color: string; groupId?: number };
}

/** `new-tab`'s reply. */
export interface NewTabReply {
  tabId: number;
  groupId?: number;
  url?: string;
  title?: string;
}
