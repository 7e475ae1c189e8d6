import { ApiError } from '../../shared/errors';
import { isRunId, type FixReceipt, type RunRecord, type RunSummary, type RunTimeline } from '../../shared/evidence';
import type { TraceTransfers } from '../performance/traceTransfers';
import type { RecordingService } from '../recordings/recordingService';
import { fixReceipt } from './fixReceipt';
import { runTimeline } from './runTimeline';
import type { RunStore } from './runStore';

function runNotFound(recordingId: string, runId: string): ApiError {
  return new ApiError(
    'NOT_FOUND',
    `Recording ${recordingId} has no run '${runId}'. List its runs with GET /recordings/${recordingId}/runs; a recording keeps its newest runs only.`,
    { id: recordingId, runId },
  );
}

function checkRunId(runId: string, parameter: string): void {
  if (!isRunId(runId))
    throw new ApiError(
      'INVALID_PARAMETER',
      `Invalid '${parameter}' ${JSON.stringify(String(runId).slice(0, 120))}: run ids look like run-1a2b3c4d5e6f. Every replay answers its runId.`,
      { parameter },
    );
}

function summaryOf(run: RunRecord): RunSummary {
  return {
    runId: run.runId,
    recordingId: run.recordingId,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    verdict: run.verdict.verdict,
    ...(run.firstFailingStep === undefined ? {} : { firstFailingStep: run.firstFailingStep }),
    hasVideo: Boolean(run.video),
    videoPending: run.videoPending === true,
  };
}

/** The evidence of replays: each recording's runs, a run's timeline and video, and the fail→pass receipt. */
export class EvidenceService {
  constructor(
    private readonly recordings: RecordingService,
    private readonly runs: RunStore,
    /** The connector's own address, for the receipt's links. */
    private readonly origin: () => string,
    /** Where the browser's `video-chunk` frames go. */
    readonly transfers: TraceTransfers,
  ) {}

  /** The recording's runs, newest first (an unknown recording is refused). */
  async list(recordingId: string): Promise<RunSummary[]> {
    await this.recordings.get(recordingId);
    return (await this.runs.list(recordingId)).reverse().map(summaryOf);
  }

  async run(recordingId: string, runId: string, parameter = 'runId'): Promise<RunRecord> {
    await this.recordings.get(recordingId);
    checkRunId(runId, parameter);
    const run = await this.runs.get(recordingId, runId);
    if (!run) throw runNotFound(recordingId, runId);
    return run;
  }

  async timeline(recordingId: string, runId: string): Promise<RunTimeline> {
    return runTimeline(await this.run(recordingId, runId));
  }

  /** The run's video file, or a NOT_FOUND that says how to get one. */
  async video(recordingId: string, runId: string): Promise<{ path: string; mimeType: string; bytes: number }> {
    const run = await this.run(recordingId, runId);
    if (run.videoPending)
      throw new ApiError(
        'CONFLICT',
        `Run ${runId}'s video is still encoding: retry in a few seconds (GET /recordings/${recordingId}/runs/${runId}/timeline shows videoPending: false once it is ready).`,
        { id: recordingId, runId, videoPending: true },
      );
    if (!run.video)
      throw new ApiError(
        'NOT_FOUND',
        `Run ${runId} has no video: replay with {"video": true} (replay_recording video: true) to record one.`,
        { id: recordingId, runId },
      );
    return {
      path: this.runs.pathOf(recordingId, runId, 'webm'),
      mimeType: run.video.mimeType,
      bytes: run.video.bytes,
    };
  }

  /** The picture of the run's failing (or last) step, when the run was filmed. */
  async still(recordingId: string, runId: string): Promise<{ path: string; step: number }> {
    const run = await this.run(recordingId, runId);
    if (!run.still)
      throw new ApiError(
        'NOT_FOUND',
        `Run ${runId} has no still: replay with {"video": true} (replay_recording video: true) to keep one.`,
        { id: recordingId, runId },
      );
    return { path: this.stillPath(recordingId, runId), step: run.still.step };
  }

  stillPath(recordingId: string, runId: string): string {
    return this.runs.pathOf(recordingId, runId, 'still.jpg');
  }

  /**
   * Markdown for a pull request comparing two runs. Defaults: before = the latest run that reproduced or
   * diverged, after = the latest run.
   */
  async receipt(recordingId: string, before?: string, after?: string): Promise<FixReceipt> {
    const recording = await this.recordings.get(recordingId);
    const runs = await this.runs.list(recordingId);
    if (!runs.length)
      throw new ApiError(
        'NOT_FOUND',
        `Recording ${recordingId} has no runs yet: replay it (replay_recording, or POST /recordings/${recordingId}/replay) before and after the fix.`,
        { id: recordingId },
      );
    const afterRun = after ? await this.run(recordingId, after, 'after') : runs.at(-1)!;
    const beforeRun = before
      ? await this.run(recordingId, before, 'before')
      : runs.filter((run) => run.verdict.verdict !== 'not reproduced' && run.startedAt < afterRun.startedAt).at(-1);
    if (!beforeRun)
      throw new ApiError(
        'NOT_FOUND',
        `Recording ${recordingId} has no failing run before ${afterRun.runId}: pass 'before' (a runId from GET /recordings/${recordingId}/runs), or replay while the bug is present.`,
        { id: recordingId, parameter: 'before' },
      );
    const markdown = fixReceipt({ title: recording.title, before: beforeRun, after: afterRun, origin: this.origin() });
    return {
      recordingId,
      before: beforeRun.runId,
      after: afterRun.runId,
      fixed: beforeRun.verdict.verdict !== 'not reproduced' && afterRun.verdict.verdict === 'not reproduced',
      markdown,
    };
  }
}
