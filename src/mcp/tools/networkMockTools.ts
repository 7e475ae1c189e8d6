import { z } from 'zod';
import { gatedTab } from '../../connector/agents/leaseGate';
import { describeMock, type NetworkMock } from '../../shared/networkMocks';
import { mockRuleSchema, mockRuleShape } from '../../shared/networkMockSchema';
import { defineTool, ToolError } from '../tool';

function mockLine(mock: NetworkMock): string {
  const left = mock.remaining !== undefined ? `, ${mock.remaining} of ${mock.times} left` : '';
  return `- ${mock.id}: ${describeMock(mock)} in tab ${mock.tabId}; hit ${mock.hits} time(s)${left}`;
}

const mockNetwork = defineTool({
  name: 'mock_network',
  title: 'Mock network',
  description: 'Makes matching requests answer, fail, block or wait: {url:"*/api/*", action:"respond", status:503}.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: mockRuleShape.extend({ tabId: z.number().int().optional().describe('Default: selected tab') }),
  handler: async ({ tabId: asked, ...fields }, { services, agent }) => {
    // The mock service reaches the browser on its own, so the lease gate is asked here (an agent's own tab by default).
    const tabId = agent ? gatedTab(services.agents, agent, asked, services.selectedTab.id) : asked;
    const parsed = mockRuleSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new ToolError(`Invalid '${issue.path.join('.') || 'rule'}': ${issue.message}. Fix it and call again.`);
    }
    const mock = await services.networkMocks.add(parsed.data, tabId);
    agent?.mocks.add(mock.id);
    return {
      text: `Rule ${mock.id} is in force in tab ${mock.tabId}: ${describeMock(mock)}${mock.times ? `, ${mock.times} time(s)` : ''}. Mocked requests show "mocked" in list_network_requests; end it with clear_network_mocks.`,
    };
  },
});

const listNetworkMocks = defineTool({
  name: 'list_network_mocks',
  title: 'List network mocks',
  description: 'The network mock rules in force, with hits.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({}),
  handler: async (_args, { services }) => {
    const mocks = await services.networkMocks.list();
    if (!mocks.length) return { text: 'No network mocks are in force. Add one with mock_network.' };
    return { text: [`${mocks.length} network mock(s) in force:`, ...mocks.map(mockLine)].join('\n') };
  },
});

const clearNetworkMocks = defineTool({
  name: 'clear_network_mocks',
  title: 'Clear network mocks',
  description: 'Ends one network mock rule by id, or all of them.',
  annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
  schema: z.strictObject({ id: z.string().min(1).max(100).optional().describe('Rule id; default all') }),
  handler: async ({ id }, { services }) => {
    const { cleared } = await services.networkMocks.clear(id);
    if (!cleared.length) return { text: 'No network mocks were in force.' };
    return { text: `Cleared ${cleared.join(', ')}; those requests reach the network again.` };
  },
});

export const networkMockTools = [mockNetwork, listNetworkMocks, clearNetworkMocks];
