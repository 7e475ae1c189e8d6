/*
 * Arguments of the commands for agents' tabs (browserCommands.ts): open one in the agent's tab group,
 * close those a session opened, and mark a developer's tab shared with agents (its toolbar badge).
 */

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
