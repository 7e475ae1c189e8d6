/**
 * The VS Code Replay viewer: the run timeline it shows (the shape of `GET /recordings/{id}/runs/{runId}/timeline`,
 * issue #35) and the messages between the viewer's webview and the extension host. Page text (titles, console
 * lines, URLs) is data: the webview sets it as text, never as markup.
 */
import { z } from 'zod';
import { visualChangeSchema } from './visualChanges';

const text = z.string().max(20_000);

export const runTimelineEventSchema = z.looseObject({
  atMs: z.number(),
  kind: z.enum(['console', 'network', 'vital', 'dialog', 'navigation']),
  step: z.number().int().optional(),
  level: z.string().max(20).optional(),
  text: text.optional(),
  error: z.boolean().optional(),
  method: z.string().max(20).optional(),
  url: text.optional(),
  status: z.number().int().optional(),
  failed: z.boolean().optional(),
  name: z.string().max(20).optional(),
  value: z.number().optional(),
  rating: z.string().max(40).optional(),
  type: z.string().max(20).optional(),
  message: text.optional(),
  answer: z.string().max(20).optional(),
});
export type RunTimelineEvent = z.infer<typeof runTimelineEventSchema>;

export const runTimelineSchema = z.object({
  startedAt: z.number(),
  durationMs: z.number(),
  chapters: z
    .array(z.object({ index: z.number().int(), title: text, startMs: z.number(), endMs: z.number() }))
    .max(1000),
  events: z.array(runTimelineEventSchema).max(10_000),
  video: z
    .object({
      url: z.string().max(2000),
      mimeType: z.string().max(100),
      durationMs: z.number(),
      width: z.number(),
      height: z.number(),
    })
    .nullable(),
  /** The video is still encoding (the verdict answers first); absent from older connectors. */
  videoPending: z.boolean().optional(),
  visualChanges: z.array(visualChangeSchema.partial({ selector: true, pixels: true })).max(1000),
});
export type RunTimeline = z.infer<typeof runTimelineSchema>;

export type HostToReplayViewer = {
  type: 'show';
  title: string;
  timeline: RunTimeline;
  /** A webview URI of the video the host saved, or null when the run has none. */
  videoSrc: string | null;
};

export const replayViewerToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The user clicked an error row: jump to its source (the viewer seeks the video itself). */
  z.object({ type: z.literal('openError'), atMs: z.number(), text }),
]);
export type ReplayViewerToHost = z.infer<typeof replayViewerToHostSchema>;
