import { z } from 'zod';
import type { Agent } from '../../connector/agents/agent';

export const scopeParam = z.enum(['mine', 'all']).optional().describe('mine (default) or all tabs');

/**
 * Which tabs a capture answer covers: the agent's own tabs (opened with new_tab, or selected) unless it asked
 * for `all` or has none. Answers the test for an entry, and the words the answer's filter line shows.
 */
export function agentScope(
  agent: Agent | undefined,
  scope: 'mine' | 'all' = 'mine',
): { covers: (entry: { tabId?: number }) => boolean; filter?: string } {
  const tabs = scope === 'mine' ? agent?.scope() : undefined;
  if (!tabs) return { covers: () => true };
  return {
    covers: (entry) => entry.tabId !== undefined && tabs.has(entry.tabId),
    filter: `your tabs ${[...tabs].join(', ')} (scope "all" for every tab)`,
  };
}
