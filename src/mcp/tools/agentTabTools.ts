import { z } from 'zod';
import { openAgentTab } from '../../connector/agents/openTab';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { describeTab, tabPage } from './describeTab';

const newTabSchema = z.strictObject({
  url: z.url().describe('e.g. http://localhost:5173/'),
});

async function newTab({ url }: z.output<typeof newTabSchema>, { services, agent }: ToolContext): Promise<ToolAnswer> {
  if (!agent)
    throw new ToolError('new_tab needs an MCP session of its own; connect through /mcp, /sse or the stdio bin.');
  const reply = await openAgentTab(services, agent, url);
  return {
    text: `Opened ${describeTab(reply)} for you ("${agent.name}", ${agent.colour} tab group). It is yours: snapshots, actions and captures now go to it; other agents cannot touch it, and it closes when your session ends.\n${tabPage(reply)}`,
  };
}

export const agentTabTools = [
  defineTool({
    name: 'new_tab',
    title: 'New tab',
    description: 'Opens a tab of your own in the background, in your tab group, and selects it.',
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    schema: newTabSchema,
    handler: newTab,
  }),
];
