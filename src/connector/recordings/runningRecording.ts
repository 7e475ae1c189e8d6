import type { BrowserRecording, RecordingSummary } from '../../shared/recording';
import type { StoredEntry } from '../../shared/protocol';
import { framePath } from './export/framePath';
import { validateFlow } from './flowValidation';
import type { SavedRecording } from './recordingLibrary';
import { buildTimeline } from './timeline';

/** The recording the browser is making now: what the connector knows of it until it stops. */
export interface Running {
  id: string;
  title: string;
  startedAt: number;
  /** The store's last seq when it started: its captures are the ones after. */
  startSeq: number;
  tabId: number;
}

export function runningSummary(running: Running): RecordingSummary {
  return {
    id: running.id,
    title: running.title,
    startedAt: running.startedAt,
    state: 'recording',
    steps: 0,
    errors: 0,
  };
}

/** A stopped recording as saved: the browser's steps as a flow, and a timeline with the tab's captures of the time. */
export function savedRecording(running: Running, captured: BrowserRecording, captures: StoredEntry[]): SavedRecording {
  return {
    id: running.id,
    title: running.title,
    startedAt: running.startedAt,
    stoppedAt: Date.now(),
    tabId: running.tabId,
    flow: validateFlow({ title: running.title, steps: captured.steps.map((timed) => timed.step) }),
    timeline: buildTimeline(captured, captures),
    ...crossOriginFramesOf(captured),
  };
}

/** The browser's cross-origin frame paths, kept as integer paths only. */
function crossOriginFramesOf(captured: BrowserRecording): Pick<SavedRecording, 'crossOriginFrames'> {
  const paths = (Array.isArray(captured.crossOriginFrames) ? captured.crossOriginFrames : [])
    .map(framePath)
    .filter((path) => path.length > 0);
  return paths.length ? { crossOriginFrames: paths } : {};
}
