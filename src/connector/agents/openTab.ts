import type { NewTabReply } from '../../shared/agentTabs';
import type { ConnectorServices } from '../services';
import type { Agent } from './agent';

/** Opening a page can take a while; the reply comes once it loaded (or failed to). */
const NEW_TAB_MS = 35_000;

/**
 * Opens a tab leased to the agent, in the background (the developer's active tab stays active), in the
 * agent's tab group: named for it, in its colour. The tab becomes the agent's selected tab.
 */
export async function openAgentTab(
  services: Pick<ConnectorServices, 'bridge' | 'agents'>,
  agent: Agent,
  url: string,
): Promise<NewTabReply> {
  const group = { title: agent.name, color: agent.colour, groupId: agent.groupId };
  const reply = await services.bridge.command('new-tab', { url, group }, NEW_TAB_MS);
  services.agents.lease(reply.tabId, agent);
  agent.tab.select(reply.tabId);
  if (reply.groupId !== undefined) agent.groupId = reply.groupId;
  return reply;
}
