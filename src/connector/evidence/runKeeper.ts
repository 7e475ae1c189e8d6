import type { RunRecord } from '../../shared/evidence';
import type { RunKeeper } from '../recordings/replayRunner';
import type { RecordedVideo, ReplayRun, StoppedVideo } from '../recordings/replayRunner';
import { runRecordOf } from './runRecord';
import type { RunStore } from './runStore';
import type { ScreencastVideo } from './screencastVideo';

/**
 * What the recording service calls after each finished replay: the run is kept with its recording and
 * the still beside it at once; a filmed run is saved with `videoPending: true`, and its video is attached
 * when the browser has encoded and sent it (the verdict never waits for the encoder).
 */
export function runKeeper(store: RunStore, video?: ScreencastVideo): RunKeeper {
  return {
    async keep(recording, run) {
      const record = runRecordOf(recording.id, run);
      const filmed = filmOf(run);
      if (filmed) {
        if (filmed.still) {
          await store.saveFile(recording.id, record.runId, 'still.jpg', filmed.still.jpeg);
          record.still = { step: filmed.still.step, file: `${record.runId}.still.jpg` };
        }
        record.videoPending = true;
      } else if (run.video && 'error' in run.video) record.videoError = run.video.error;
      await store.save(record);
      // Never an unhandled rejection: attachVideo records its own failures in the run.
      if (filmed) void attachVideo(store, record, filmed.video).catch(() => undefined);
      return record.runId;
    },
    forget: (recordingId) => store.forget(recordingId),
    ...(video ? { video } : {}),
  };
}

/** Waits for the run's video and records it (or why it failed); a run pruned or deleted meanwhile is left alone. */
async function attachVideo(store: RunStore, saved: RunRecord, pending: Promise<RecordedVideo>): Promise<void> {
  const outcome = await pending.then(
    (video) => ({ video }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  const record = await store.get(saved.recordingId, saved.runId);
  if (!record) return;
  delete record.videoPending;
  const written = 'video' in outcome ? await saveVideo(store, record, outcome.video) : outcome;
  if ('error' in written) record.videoError = written.error;
  await store.update(record).catch(() => undefined);
}

/** Writes the WebM beside the run and sets its `video`; a disk error is answered, not thrown. */
async function saveVideo(
  store: RunStore,
  record: RunRecord,
  filmed: RecordedVideo,
): Promise<{ error: string } | { saved: true }> {
  try {
    await store.saveFile(record.recordingId, record.runId, 'webm', filmed.bytes);
  } catch (error) {
    return { error: `the video could not be saved: ${error instanceof Error ? error.message : String(error)}` };
  }
  record.video = {
    file: `${record.runId}.webm`,
    mimeType: filmed.mimeType,
    durationMs: filmed.durationMs,
    width: filmed.width,
    height: filmed.height,
    bytes: filmed.bytes.length,
  };
  return { saved: true };
}

function filmOf(run: ReplayRun): StoppedVideo | undefined {
  return run.video && 'video' in run.video ? run.video : undefined;
}
