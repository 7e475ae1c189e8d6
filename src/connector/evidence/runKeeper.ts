import type { RunKeeper } from '../recordings/recordingService';
import { runRecordOf } from './runRecord';
import type { RunStore } from './runStore';

/** What the recording service calls after each finished replay: the run is kept with its recording. */
export function runKeeper(store: RunStore): RunKeeper {
  return {
    async keep(recording, run) {
      const record = runRecordOf(recording.id, run);
      await store.save(record);
      return record.runId;
    },
    forget: (recordingId) => store.forget(recordingId),
  };
}
