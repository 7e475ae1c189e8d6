import type { RunRecord, RunTimeline } from '../../shared/evidence';

/** Where a run's video is served (relative to the connector). */
export function videoPath(recordingId: string, runId: string): string {
  return `/recordings/${recordingId}/runs/${runId}/video`;
}

/**
 * A run as the timeline shape: one chapter per step (ms from the run's start; a chapter ends
 * where the next one starts, the last where its step ended), the tab's events, the video and the
 * visual changes.
 */
export function runTimeline(run: RunRecord): RunTimeline {
  const chapters = run.steps.map((step, i) => ({
    index: step.index,
    title: step.title,
    startMs: step.startMs,
    endMs: Math.max(step.endMs, run.steps[i + 1]?.startMs ?? step.endMs),
  }));
  const video = run.video
    ? {
        url: videoPath(run.recordingId, run.runId),
        mimeType: run.video.mimeType,
        durationMs: run.video.durationMs,
        width: run.video.width,
        height: run.video.height,
      }
    : null;
  return {
    runId: run.runId,
    recordingId: run.recordingId,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    chapters,
    events: run.events,
    video,
    videoPending: run.videoPending === true,
    visualChanges: run.visualChanges,
  };
}
