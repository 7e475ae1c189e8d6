import { z } from 'zod';
import { recordingText, summaryLine, verdictText } from '../format/recordingText';
import { defineTool, type ToolAnswer, type ToolContext } from '../tool';

const recordingId = z.string().min(1).max(100).describe('The recording id, e.g. "rec-1a2b3c4d5e6f" (from list_recordings or start_recording).');

const startRecording = defineTool({
  name: 'start_recording',
  title: 'Start recording',
  description:
    'Starts recording the user\'s input in the browser tab they are on (clicks, typed values, keys, scrolls) as DevTools Recorder steps, with the page\'s errors and requests on one timeline. ' +
    'The page shows a "Recording" badge. Ask the user to reproduce the bug, then call stop_recording.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: z.strictObject({ title: z.string().max(200).optional().describe('A name for the recording, e.g. "quantity 0 crashes Add to cart".') }),
  handler: async (args, { services }) => {
    const started = await services.recordings.start(args.title);
    return { text: `Recording ${started.id} started in the user's current tab. Ask the user to reproduce the bug, then call stop_recording with id "${started.id}".` };
  },
});

const stopRecording = defineTool({
  name: 'stop_recording',
  title: 'Stop recording',
  description: 'Stops a recording and saves it; answers its steps with the errors and failed requests each step led to (as get_recording).',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: z.strictObject({ id: recordingId }),
  handler: async (args, { services, budget }) => ({ text: recordingText(await services.recordings.stop(args.id), budget) }),
});

const listRecordings = defineTool({
  name: 'list_recordings',
  title: 'List recordings',
  description: 'Lists saved recordings, newest first, with step and error counts and the last replay verdict.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({}),
  handler: async (_args, { services }) => {
    const recordings = await services.recordings.list();
    if (!recordings.length) return { text: 'No recordings yet. Start one with start_recording, or import a DevTools Recorder flow with import_recording.' };
    return { text: [`${recordings.length} recording(s):`, ...recordings.slice(0, 50).map(summaryLine)].join('\n') };
  },
});

const getRecording = defineTool({
  name: 'get_recording',
  title: 'Read a recording',
  description: 'One recording: its steps in order, each with the errors and failed requests it led to, then navigations, warnings and dialogs; and the path of its JSON file (Recorder flow + timeline).',
  annotations: { readOnlyHint: true, openWorldHint: false },
  schema: z.strictObject({ id: recordingId }),
  handler: async (args, { services, budget }) => ({ text: recordingText(await services.recordings.get(args.id), budget) }),
});

async function replay(args: { id: string; secrets?: Record<string, string> }, { services, progress, signal }: ToolContext): Promise<ToolAnswer> {
  const verdict = await services.recordings.replay(args.id, {
    secrets: args.secrets ?? {},
    signal,
    onStep: progress && ((index, total, description) => progress(index / total, `step ${index + 1}/${total}: ${description}`)),
  });
  return { text: verdictText(verdict) };
}

const replayRecording = defineTool({
  name: 'replay_recording',
  title: 'Replay a recording',
  description:
    'Replays a recording in the user\'s own browser tab with real input and answers a verdict: reproduced (its errors and failed requests happen again), ' +
    'not reproduced (all steps ran and they are gone) or diverged (which step could not run, and why); lists errors as recurring, gone and new, each with its step. ' +
    'Use it after a fix to check the bug is gone. Reports progress per step.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: z.strictObject({
    id: recordingId,
    secrets: z.record(z.string(), z.string()).optional().describe('Values for secret placeholders such as {{secret:password}}, only when the replay says one is missing. Used once, never saved.'),
  }),
  handler: replay,
});

const importRecording = defineTool({
  name: 'import_recording',
  title: 'Import a Recorder flow',
  description: 'Imports a Chrome DevTools Recorder flow (the JSON it exports) so it can be replayed with replay_recording. A bad step is named in the error.',
  annotations: { readOnlyHint: false, openWorldHint: false },
  schema: z.strictObject({
    flow: z.string().min(2).max(1_000_000).describe('The Recorder JSON as a string: {"title": "...", "steps": [{"type": "navigate", "url": "..."}, ...]}.'),
    title: z.string().max(200).optional().describe('A name to use instead of the flow\'s own title.'),
  }),
  handler: async (args, { services, budget }) => {
    const detail = await services.recordings.import(args.flow, args.title);
    return { text: `Imported as ${detail.id}. Replay it with replay_recording.\n${recordingText(detail, budget - 80)}` };
  },
});

export const recordingTools = [startRecording, stopRecording, listRecordings, getRecording, replayRecording, importRecording];
