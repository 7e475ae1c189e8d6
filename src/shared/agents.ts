import { z } from 'zod';

/** One agent (MCP session) as `GET /agents` and the dashboard show it. */
export interface AgentSummary {
  id: number;
  /** "Copilot · 2": the client's name and its ordinal. */
  name: string;
  /** Its Chrome tab group colour (chrome.tabGroups colour names). */
  colour: string;
  /** Tabs it opened (leased to it). */
  tabs: number[];
  selectedTab?: number;
  stopped: boolean;
}

export interface AgentsAnswer {
  agents: AgentSummary[];
  /** The developer's tabs they shared with agents. */
  sharedTabs: number[];
  shareAlways: boolean;
}

/** A browser tab as `GET /agents/tabs` lists it: who holds it, and whether the developer shared it. */
export interface AgentTabRow {
  id: number;
  url?: string;
  title?: string;
  active?: boolean;
  /** The agent that opened it (its name), when one did. */
  holder?: string;
  shared: boolean;
}

export const shareTabSchema = z.strictObject({
  tabId: z.number().int().describe('The developer tab to share (list_tabs / GET /page ids)'),
  shared: z.boolean().default(true).describe('false: stop sharing it'),
});

export const agentsSettingsSchema = z.strictObject({
  shareAlways: z.boolean().describe("Every developer tab is shared with every agent (the setting 'share always')"),
});

export const agentTabSchema = z.strictObject({
  url: z.url().describe('The page to open in a tab leased to the agent'),
});
