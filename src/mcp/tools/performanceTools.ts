import { z } from 'zod';
import { traceText } from '../format/performanceText';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { tabIdParam } from './params';

const MAX_DURATION_MS = 15_000;

const schema = z.strictObject({
  reload: z.boolean().default(true).describe('Reload the page while recording (default true): gives LCP, CLS and the load insights. false records what happens now, e.g. while you interact.'),
  durationMs: z.number().int().min(100).max(MAX_DURATION_MS).optional().describe(`Only with reload=false: how long to record, in ms (default 5000, at most ${MAX_DURATION_MS}).`),
  tabId: tabIdParam,
});

async function performanceTrace(args: z.output<typeof schema>, { services, budget, progress }: ToolContext): Promise<ToolAnswer> {
  if (args.reload && args.durationMs !== undefined) throw new ToolError('durationMs applies only with reload=false; a reload trace stops by itself once the page loaded and settled. Drop durationMs or set reload=false.');
  progress?.(0, args.reload ? 'Reloading the page while recording a trace' : 'Recording a trace');
  const record = await services.performance.record(args);
  return { text: traceText(record, budget) };
}

const performanceTraceTool = defineTool({
  name: 'performance_trace',
  title: 'Performance trace',
  description:
    'Records a Chrome performance trace of the page in the developer\'s own tab (their session and cookies) and analyses it with DevTools\' trace engine. ' +
    'Answers LCP with its element, resource and breakdown (TTFB, load delay, load time, render delay), CLS with the shifting elements and their causes, INP when there were interactions, ' +
    'long main-thread tasks with their scripts (source-mapped where possible), render-blocking requests, and the other DevTools insights with estimated savings, plus the path of the full trace (.json.gz). ' +
    'With reload (default) it takes the page load plus about 2 s.',
  // It reloads the user's tab, but changes nothing stored: not read-only, not destructive.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  schema,
  handler: performanceTrace,
});

export const performanceTools = [performanceTraceTool];
