import * as vscode from 'vscode';
import type { AgentsAnswer, AgentSummary, AgentTabRow } from '../../shared/agents';
import type { CommandContext } from '../commandContext';
import { callConnector } from '../connectorClient';
import { showFailure } from '../failures';

/**
 * Shares one of the developer's tabs with the agents, or stops sharing it. With two or more agents connected,
 * agents act only in their own tabs and in tabs shared here. `tabId` skips the pick (the dashboard passes it).
 */
export async function shareTabWithAgents(app: CommandContext, tabId?: number): Promise<void> {
  try {
    let pick: { id: number; shared: boolean } | undefined;
    if (tabId === undefined) {
      const { tabs } = await callConnector<{ tabs: AgentTabRow[] }>(app.session.port, 'GET', '/agents/tabs');
      const items = tabs
        .filter((tab) => !tab.holder)
        .map((tab) => ({
          label: `${tab.shared ? '$(check) ' : ''}${tab.title || tab.url || `tab ${tab.id}`}`,
          description: `${tab.active ? 'active · ' : ''}${tab.shared ? 'shared: pick to stop sharing' : (tab.url ?? '')}`,
          tab,
        }));
      const chosen = await vscode.window.showQuickPick(items, {
        title: 'Share a tab with the agents',
        placeHolder: items.length ? 'Agents may act in a shared tab; it shows "AI" on the extension badge' : 'No tabs',
      });
      if (!chosen) return;
      pick = { id: chosen.tab.id, shared: !chosen.tab.shared };
    } else pick = { id: tabId, shared: true };
    await callConnector(app.session.port, 'POST', '/agents/share', { tabId: pick.id, shared: pick.shared });
  } catch (error) {
    void showFailure('share the tab with the agents', error);
  }
}

/** Stops an agent: its lease ends, the tabs it opened close, and its later tab commands are refused. */
export async function stopAgent(app: CommandContext, agentId?: number): Promise<void> {
  try {
    let id = agentId;
    if (id === undefined) {
      const { agents } = await callConnector<AgentsAnswer>(app.session.port, 'GET', '/agents');
      const chosen = await vscode.window.showQuickPick(
        agents.map((agent) => ({
          label: agent.name,
          description: `${agent.colour} · ${agent.tabs.length} tab(s)`,
          id: agent.id,
        })),
        { title: 'Stop an agent', placeHolder: agents.length ? 'Its tabs close' : 'No agent is connected' },
      );
      id = chosen?.id;
    }
    if (id === undefined) return;
    await callConnector(app.session.port, 'DELETE', `/agents/${id}`);
  } catch (error) {
    void showFailure('stop the agent', error);
  }
}

/**
 * Shows in the Problems panel only the errors of one agent's tabs (those it opened, and its selected tab,
 * including tabs it opens later), or every tab again. `agentId` skips the pick: a number, or "all".
 */
export async function filterProblemsByAgent(app: CommandContext, agentId?: number | 'all'): Promise<void> {
  try {
    const { agents } = await callConnector<AgentsAnswer>(app.session.port, 'GET', '/agents');
    let choice = agentId;
    if (choice === undefined) {
      const items = [
        { label: 'All tabs', description: 'every problem', id: 'all' as const },
        ...agents.map((agent) => ({
          label: agent.name,
          description: `${agent.colour} · ${agent.tabs.length} tab(s)`,
          id: agent.id,
        })),
      ];
      choice = (await vscode.window.showQuickPick(items, { title: 'Show the problems of one agent’s tabs' }))?.id;
    }
    if (choice === undefined) return;
    if (choice === 'all') return app.diagnostics.filterTabs(undefined);
    const agent = agents.find((each) => each.id === choice);
    if (!agent) throw new Error(`No agent ${choice} is connected; pick one from the list.`);
    app.diagnostics.filterTabs(tabsOf(agent), async (tabId) => {
      const { agents: now } = await callConnector<AgentsAnswer>(app.session.port, 'GET', '/agents');
      const same = now.find((each) => each.id === agent.id);
      return !!same && tabsOf(same).has(tabId);
    });
  } catch (error) {
    void showFailure('filter the problems by agent', error);
  }
}

/** The tabs an agent opened, and its selected tab. */
function tabsOf(agent: AgentSummary): Set<number> {
  const tabs = new Set(agent.tabs);
  if (agent.selectedTab !== undefined) tabs.add(agent.selectedTab);
  return tabs;
}
