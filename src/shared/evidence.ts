import type { VitalName, VitalRating } from './performance';
import type { ReplayDialog, ReplayVerdict } from './recording';

/** A run id, like run-1a2b3c4d5e6f: ids build file paths, so nothing else is ever one. */
export const RUN_ID = /^run-[0-9a-f]{12}$/;

export function isRunId(value: unknown): value is string {
  return typeof value === 'string' && RUN_ID.test(value);
}

/** One step of a run on the run's clock (ms from its start). `ok: false` for the step that could not run. */
export interface RunStep {
  index: number;
  title: string;
  startMs: number;
  endMs: number;
  ok: boolean;
}

/** What happened in the replayed tab during a run, on the run's clock; `step` is the step it followed (-1 before the first). */
export type RunEvent = { atMs: number; step: number } & (
  | { kind: 'console'; level: string; text: string; error: boolean }
  | { kind: 'network'; method: string; url: string; status?: number; error?: string; failed: boolean }
  | { kind: 'vital'; name: VitalName; value: number; rating: VitalRating }
  | { kind: 'dialog'; type: ReplayDialog['type']; message: string; answer: ReplayDialog['answer'] }
  | { kind: 'navigation'; url: string }
);

export type RunEventKind = RunEvent['kind'];

/** Filled from the replay's visual-diff pass (src/shared/visualChanges.ts). */
import type { VisualChange } from './visualChanges';
export type { VisualChange };

/** The run's video as kept beside its record (the file name is the connector's own, never the page's). */
export interface RunVideo {
  file: string;
  mimeType: string;
  durationMs: number;
  width: number;
  height: number;
  bytes: number;
}

/** One replay of a recording, kept with it: the verdict, the steps and the tab's events on one clock. */
export interface RunRecord {
  runId: string;
  recordingId: string;
  startedAt: number;
  durationMs: number;
  verdict: ReplayVerdict;
  steps: RunStep[];
  events: RunEvent[];
  /** The step the run failed at: the one that could not run, else the one the first recurring problem followed. */
  firstFailingStep?: number;
  video: RunVideo | null;
  /** The video is still being encoded and sent by the browser: `video` stays null until it is ready. */
  videoPending?: boolean;
  /** Why a video that was asked for is missing. */
  videoError?: string;
  /** The picture the tab showed when the failing (or last) step ended: `<runId>.still.jpg`. */
  still?: { step: number; file: string };
  visualChanges: VisualChange[];
}

/** A line of GET /recordings/{id}/runs. */
export interface RunSummary {
  runId: string;
  recordingId: string;
  startedAt: number;
  durationMs: number;
  verdict: ReplayVerdict['verdict'];
  firstFailingStep?: number;
  hasVideo: boolean;
  /** The video is still being encoded (GET …/video answers 409 until then). */
  videoPending: boolean;
}

/** GET /recordings/{id}/runs/{runId}/timeline: chapters (one per step) and events on the run's clock. */
export interface RunTimeline {
  runId: string;
  recordingId: string;
  startedAt: number;
  durationMs: number;
  chapters: { index: number; title: string; startMs: number; endMs: number }[];
  events: RunEvent[];
  video: { url: string; mimeType: string; durationMs: number; width: number; height: number } | null;
  /** True while the video is encoding: `video` is null until it is ready. */
  videoPending: boolean;
  visualChanges: VisualChange[];
}

/** GET /recordings/{id}/receipt and export_fix_receipt. */
export interface FixReceipt {
  recordingId: string;
  before: string;
  after: string;
  fixed: boolean;
  markdown: string;
}
