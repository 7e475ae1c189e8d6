import { join } from 'node:path';
import type { AuditService } from '../audit/auditService';
import type { BrowserBridge } from '../wire/browserBridge';
import type { ConnectorConfig } from '../config/config';
import { LeakService } from '../leaks/leakService';
import type { Logger } from '../logging/logger';
import { RecordingService } from '../recordings/recordingService';
import type { SourceMapper } from '../sourceMaps/sourceMapper';
import type { CaptureStore } from '../capture/store';
import { vetRoots } from '../trust/fileRoots';
import { VisualChangeService } from '../visualChanges/visualChangeService';
import { EvidenceService } from './evidenceService';
import { runKeeper } from './runKeeper';
import { DEFAULT_RUNS_PER_RECORDING, RunStore } from './runStore';
import { ScreencastVideo } from './screencastVideo';

interface ReplayDeps {
  config: ConnectorConfig;
  bridge: BrowserBridge;
  store: CaptureStore;
  logger: Logger;
  sourceMaps: SourceMapper;
  audits: AuditService;
  /** The connector's own address, for the links a fix receipt gives. */
  port: () => number;
}

/**
 * Recordings and what their replays leave: runs (timeline, video), visual changes, fix receipts and leak
 * checks. Built here so `recordings/` knows none of them (it takes a run keeper and a visual pass).
 */
export function replayServices({ config, bridge, store, logger, sourceMaps, audits, port }: ReplayDeps) {
  const video = new ScreencastVideo(bridge);
  const runs = new RunStore(
    {
      dir: join(config.recordings.dir, 'runs'),
      maxPerRecording: config.recordings.maxRuns ?? DEFAULT_RUNS_PER_RECORDING,
    },
    logger,
  );
  const visual = new VisualChangeService(
    { dir: config.recordings.dir, maxBaselines: config.recordings.maxRecordings },
    bridge,
    sourceMaps,
  );
  // Exports are written where upload_file may read (the files roots, else the working folder unless
  // that is / or home), unless a test sets its own.
  const exportRoots =
    config.recordings.exportRoots ?? vetRoots(config.filesRoots.length ? config.filesRoots : [process.cwd()]).usable;
  const recordings = new RecordingService(
    { ...config.recordings, exportRoots },
    bridge,
    store,
    logger,
    runKeeper(runs, video),
    visual,
  );
  return {
    recordings,
    evidence: new EvidenceService(recordings, runs, () => `http://127.0.0.1:${port()}`, video.transfers),
    leaks: new LeakService({ bridge, store, recordings, sourceMaps, devtools: () => audits.devtoolsChoice() }),
  };
}
