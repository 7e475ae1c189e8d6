import { z } from 'zod';
import { gatedTab } from '../../connector/agents/leaseGate';
import { replayWithMocks } from '../../connector/networkMocks/replayWithMocks';
import { mockRuleSchema } from '../../shared/networkMockSchema';
import { RECORDING_ID } from '../../shared/recording';
import { fencePage } from '../format/fence';
import { recordingText, summaryLine, verdictText } from '../format/recordingText';
import { defineTool, ToolError, type ToolAnswer, type ToolContext } from '../tool';
import { exportRecording } from './exportRecordingTool';
import { runEvidence } from './runEvidence';

const recordingId = z
  .string()
  .regex(RECORDING_ID, 'expected a recording id such as "rec-1a2b3c4d5e6f"')
  .describe('Recording id, e.g. "rec-1a2b3c4d5e6f".');

const startRecording = defineTool({
  name: 'start_recording',
  title: 'Start recording',
  description:
    "Records the user's input in their tab as DevTools Recorder steps, with the page's errors and requests. Ask the user to reproduce the bug, then call stop_recording.",
  annotations: { openWorldHint: false },
  schema: z.strictObject({ title: z.string().max(200).optional().describe('A name, e.g. "quantity 0 crashes Add".') }),
  handler: async (args, { services }) => {
    const started = await services.recordings.start(args.title);
    return {
      text: `Recording ${started.id} started in the user's current tab. Ask the user to reproduce the bug, then call stop_recording with id "${started.id}".`,
    };
  },
});

const stopRecording = defineTool({
  name: 'stop_recording',
  title: 'Stop recording',
  description: 'Stops and saves a recording; answers its steps with the errors each led to.',
  annotations: { openWorldHint: false },
  schema: z.strictObject({ id: recordingId }),
  handler: async (args, { services, budget }) => ({
    text: recordingText(await services.recordings.stop(args.id), budget),
  }),
});

const listRecordings = defineTool({
  name: 'list_recordings',
  title: 'List recordings',
  description: 'Lists recordings, newest first, with step and error counts and the last verdict.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({}),
  handler: async (_args, { services }) => {
    const recordings = await services.recordings.list();
    if (!recordings.length)
      return {
        text: 'No recordings yet. Start one with start_recording, or import a DevTools Recorder flow with import_recording.',
      };
    return {
      text: [`${recordings.length} recording(s):`, fencePage(recordings.slice(0, 50).map(summaryLine))].join('\n'),
    };
  },
});

const getRecording = defineTool({
  name: 'get_recording',
  title: 'Read a recording',
  description: "A recording's steps with the errors and failed requests each led to, other events, and its JSON path.",
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({ id: recordingId }),
  handler: async (args, { services, budget }) => ({
    text: recordingText(await services.recordings.get(args.id), budget),
  }),
});

async function replay(
  args: { id: string; secrets?: Record<string, string>; networkMocks?: unknown[]; video?: boolean },
  { services, progress, signal, agent }: ToolContext,
): Promise<ToolAnswer> {
  // The replay service reaches the browser on its own: the lease gate is asked here, and it replays in the agent's tab.
  const tabId = agent ? gatedTab(services.agents, agent, undefined, services.selectedTab.id) : undefined;
  const rules = (args.networkMocks ?? []).map((rule, index) => {
    const parsed = mockRuleSchema.safeParse(rule);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw new ToolError(
      `networkMocks[${index}].${issue.path.join('.')}: ${issue.message}. Fix the rule and call again.`,
    );
  });
  const verdict = await replayWithMocks(services, args.id, rules, {
    secrets: args.secrets ?? {},
    tabId,
    signal,
    video: args.video ?? false,
    onStep:
      progress &&
      ((index, total, description) => progress(index / total, `step ${index + 1}/${total}: ${description}`)),
  });
  if (!verdict.runId || !args.video) return { text: verdictText(verdict) };
  const evidence = await runEvidence(services, verdict.recordingId, verdict.runId);
  return {
    text: [verdictText(verdict), evidence.line].join('\n'),
    ...(evidence.image ? { image: evidence.image } : {}),
  };
}

const replayRecording = defineTool({
  name: 'replay_recording',
  title: 'Replay a recording',
  description:
    "Replays a recording in the user's tab to check a fix: reproduced, not reproduced (errors gone) or diverged (step, why).",
  annotations: { openWorldHint: false },
  schema: z.strictObject({
    id: recordingId,
    secrets: z
      .record(z.string(), z.string())
      .optional()
      .describe('{{secret:NAME}} values, only when a replay asks. Never saved.'),
    networkMocks: z.array(z.looseObject({})).max(20).optional().describe('mock_network rules'),
    video: z.boolean().optional().describe('Record a video'),
  }),
  handler: replay,
});

const importRecording = defineTool({
  name: 'import_recording',
  title: 'Import a Recorder flow',
  description: 'Imports a Chrome DevTools Recorder flow (its JSON export) for replay_recording.',
  annotations: { openWorldHint: false },
  schema: z.strictObject({
    flow: z.string().min(2).max(1_000_000).describe('The Recorder JSON as a string: {"title", "steps"}.'),
    title: z.string().max(200).optional().describe("A name instead of the flow's title."),
  }),
  handler: async (args, { services, budget }) => {
    const detail = await services.recordings.import(args.flow, args.title);
    return {
      text: `Imported as ${detail.id}. Replay it with replay_recording.\n${recordingText(detail, budget - 80)}`,
    };
  },
});

export const recordingTools = [
  startRecording,
  stopRecording,
  listRecordings,
  getRecording,
  replayRecording,
  importRecording,
  exportRecording,
];
