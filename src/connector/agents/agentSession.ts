import type { ConnectorServices } from '../services';
import type { Agent } from './agent';
import { agentBridge } from './agentBridge';

const QUICK_MS = 3000;

/**
 * The services as one agent (MCP session) sees them: its own selected tab, and a bridge whose tab commands
 * go through the lease gate. Captures, config and the rest are the connector's own.
 */
export function servicesFor(services: ConnectorServices, agent: Agent): ConnectorServices {
  return { ...services, selectedTab: agent.tab, bridge: agentBridge(services.bridge, services.agents, agent) };
}

/**
 * Ends an agent when its session ends (DELETE, transport close, idle timeout): the tabs it opened close,
 * other tabs are left as they are but its emulations and network mocks in them end. Best effort: a browser
 * that is gone has nothing left to undo.
 */
export async function endAgent(services: ConnectorServices, agent: Agent): Promise<void> {
  const opened = services.agents.leave(agent);
  const { bridge, networkMocks, logger } = services;
  const work: Promise<unknown>[] = [];
  for (const id of agent.mocks) work.push(networkMocks.clear(id));
  for (const tabId of agent.emulated)
    if (!opened.includes(tabId)) work.push(bridge.command('emulate', { tabId, reset: true }, QUICK_MS));
  if (opened.length && bridge.connected) work.push(bridge.command('close-tabs', { tabIds: opened }, QUICK_MS));
  const failed = (await Promise.allSettled(work)).filter((result) => result.status === 'rejected');
  if (failed.length)
    logger.info(`Agent "${agent.name}" ended; ${failed.length} clean-up step(s) found nothing to undo.`);
}
