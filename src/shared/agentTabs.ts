/** Commands for agents' own tabs: open one in the agent's tab group, close those a session opened. */
export const AGENT_TAB_COMMANDS = ['new-tab', 'close-tabs'] as const;

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
