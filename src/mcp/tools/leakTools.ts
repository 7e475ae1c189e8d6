import { z } from 'zod';
import { gatedTab } from '../../connector/agents/leaseGate';
import { DEFAULT_LEAK_ITERATIONS, MAX_LEAK_ITERATIONS, MIN_LEAK_ITERATIONS } from '../../shared/leaks';
import { RECORDING_ID } from '../../shared/recording';
import { leakText } from '../format/leakText';
import { defineTool } from '../tool';

const findLeaks = defineTool({
  name: 'find_leaks',
  title: 'Find memory leaks',
  description:
    'Replays a recorded flow N times with heap snapshots: leak verdict, growth per iteration, the line that keeps it. ~20 s.',
  annotations: { openWorldHint: false },
  schema: z.strictObject({
    id: z.string().regex(RECORDING_ID, 'expected a recording id such as "rec-1a2b3c4d5e6f"').describe('Recording id'),
    iterations: z
      .number()
      .int()
      .min(MIN_LEAK_ITERATIONS)
      .max(MAX_LEAK_ITERATIONS)
      .optional()
      .describe(`Repeats after a warm-up (default ${DEFAULT_LEAK_ITERATIONS})`),
  }),
  handler: async (args, { services, agent, progress, signal }) => {
    // The leak service reaches the browser on its own: the lease gate is asked here, and the tab held for the check.
    const tabId = agent ? gatedTab(services.agents, agent, undefined, services.selectedTab.id) : undefined;
    const report = await services.leaks.find({
      recordingId: args.id,
      iterations: args.iterations,
      tabId,
      signal,
      onProgress: progress,
      hold: agent && ((tab) => services.agents.hold(tab, agent)),
    });
    return { text: leakText(report) };
  },
});

export const leakTools = [findLeaks];
