import { z } from 'zod';
import { traceText } from '../format/performanceText';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { gatedTab } from '../../connector/agents/leaseGate';
import { tabIdParam } from './params';

const MAX_DURATION_MS = 15_000;

const schema = z.strictObject({
  reload: z
    .boolean()
    .default(true)
    .describe('Reload while recording (LCP, CLS, load insights); false: record what happens now'),
  durationMs: z
    .number()
    .int()
    .min(100)
    .max(MAX_DURATION_MS)
    .optional()
    .describe(`reload=false only: ms to record (default 5000)`),
  tabId: tabIdParam,
});

async function performanceTrace(
  args: z.output<typeof schema>,
  { services, budget, progress, agent }: ToolContext,
): Promise<ToolAnswer> {
  // The trace service reaches the browser on its own: the lease gate is asked here (the agent's tab by default).
  const tabId = agent ? gatedTab(services.agents, agent, args.tabId, services.selectedTab.id) : args.tabId;
  if (args.reload && args.durationMs !== undefined)
    throw new ToolError(
      'durationMs applies only with reload=false; a reload trace stops by itself once the page loaded and settled. Drop durationMs or set reload=false.',
    );
  progress?.(0, args.reload ? 'Reloading the page while recording a trace' : 'Recording a trace');
  const record = await services.performance.record({ ...args, tabId });
  return { text: traceText(record, budget) };
}

const performanceTraceTool = defineTool({
  name: 'performance_trace',
  title: 'Performance trace',
  description:
    "Traces the user's tab: LCP breakdown, CLS culprits, INP, long tasks with scripts, render-blocking requests, insights, trace file.",
  // It reloads the user's tab, but changes nothing stored: not read-only, not destructive.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  schema,
  handler: performanceTrace,
});

export const performanceTools = [performanceTraceTool];
