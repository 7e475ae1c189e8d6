import type { RunKeeper } from '../recordings/recordingService';
import type { RecordedVideo, ReplayRun } from '../recordings/replayRunner';
import { runRecordOf } from './runRecord';
import type { RunStore } from './runStore';
import type { ScreencastVideo } from './screencastVideo';

/** What the recording service calls after each finished replay: the run is kept with its recording, video and still beside it. */
export function runKeeper(store: RunStore, video?: ScreencastVideo): RunKeeper {
  return {
    async keep(recording, run) {
      const record = runRecordOf(recording.id, run);
      const filmed = filmOf(run);
      if (filmed) {
        await store.saveFile(recording.id, record.runId, 'webm', filmed.bytes);
        record.video = {
          file: `${record.runId}.webm`,
          mimeType: filmed.mimeType,
          durationMs: filmed.durationMs,
          width: filmed.width,
          height: filmed.height,
          bytes: filmed.bytes.length,
        };
        if (filmed.still) {
          await store.saveFile(recording.id, record.runId, 'still.jpg', filmed.still.jpeg);
          record.still = { step: filmed.still.step, file: `${record.runId}.still.jpg` };
        }
      } else if (run.video && 'error' in run.video) record.videoError = run.video.error;
      await store.save(record);
      return record.runId;
    },
    forget: (recordingId) => store.forget(recordingId),
    ...(video ? { video } : {}),
  };
}

function filmOf(run: ReplayRun): RecordedVideo | undefined {
  return run.video && 'bytes' in run.video ? run.video : undefined;
}
