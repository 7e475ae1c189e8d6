import type { z } from 'zod';
import {
  agentsSettingsSchema,
  agentTabSchema,
  shareTabSchema,
  type AgentsAnswer,
  type AgentTabRow,
} from '../../../shared/agents';
import { ApiError } from '../../../shared/errors';
import type { Agent } from '../../agents/agent';
import { endAgent } from '../../agents/agentSession';
import { openAgentTab } from '../../agents/openTab';
import type { ConnectorServices } from '../../services';
import type { Route } from '../route';

/** A body checked against its schema; the first problem is a 400 naming the field. */
function parse<S extends z.ZodType>(schema: S, body: unknown, example: string): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue.path[0] ?? 'body');
  throw new ApiError('INVALID_PARAMETER', `Invalid '${parameter}': ${issue.message}. Send ${example}.`, { parameter });
}

function agentOf(services: ConnectorServices, id: string): Agent {
  const agent = /^\d+$/.test(id) ? services.agents.get(Number(id)) : undefined;
  if (!agent) throw new ApiError('NOT_FOUND', `No agent ${id} is connected. GET /agents lists them.`);
  return agent;
}

function answer(services: ConnectorServices): AgentsAnswer {
  const { agents } = services;
  return {
    agents: agents.list().map((agent) => agent.summary()),
    sharedTabs: agents.sharedTabs(),
    shareAlways: agents.shareAlways,
  };
}

/** The browser's tabs, each with its holder or whether the developer shared it. */
async function tabRows(services: ConnectorServices): Promise<AgentTabRow[]> {
  const reply = await services.bridge.command('tabs', {}, services.config.commandTimeoutMs);
  return reply.tabs.map(({ id, url, title, active }) => ({
    id,
    url,
    title,
    active,
    holder: services.agents.holder(id)?.name,
    shared: !services.agents.holder(id) && services.agents.isShared(id),
  }));
}

/**
 * The agents (MCP sessions) and their tabs, for VS Code and the popup: list them, share a developer tab with
 * them, stop one (its tabs close), or open a tab leased to one.
 */
export function agentRoutes(services: ConnectorServices): Route[] {
  return [
    { method: 'GET', path: '/agents', handle: () => answer(services) },
    { method: 'GET', path: '/agents/tabs', handle: async () => ({ tabs: await tabRows(services) }) },
    {
      method: 'PATCH',
      path: '/agents',
      handle: ({ body }) => {
        services.agents.shareAlways = parse(agentsSettingsSchema, body, '{"shareAlways": true}').shareAlways;
        return answer(services);
      },
    },
    {
      method: 'POST',
      path: '/agents/share',
      handle: async ({ body }) => {
        const { tabId, shared } = parse(shareTabSchema, body, '{"tabId": 12, "shared": true}');
        const holder = services.agents.holder(tabId);
        if (holder)
          throw new ApiError('TAB_LEASED', `Tab ${tabId} is "${holder.name}"'s own tab, not one of yours to share.`, {
            tabId,
            holder: holder.name,
          });
        // The browser shows it first (and says so if the tab is gone); then agents may use it.
        await services.bridge.command('share-tab', { tabId, shared }, services.config.commandTimeoutMs);
        services.agents.share(tabId, shared);
        return answer(services);
      },
    },
    {
      method: 'DELETE',
      path: '/agents/:id',
      handle: async ({ params }) => {
        const agent = agentOf(services, params.id!);
        agent.stopped = true;
        const closed = [...agent.opened];
        await endAgent(services, agent);
        return { stopped: agent.name, closedTabs: closed };
      },
    },
    {
      method: 'POST',
      path: '/agents/:id/tabs',
      handle: async ({ params, body }) => {
        const agent = agentOf(services, params.id!);
        return openAgentTab(services, agent, parse(agentTabSchema, body, '{"url": "http://localhost:5173/"}').url);
      },
    },
  ];
}
