import { ApiError } from '../../shared/errors';
import type { StoredEntry } from '../../shared/protocol';
import {
  secretsIn,
  SECRET_PATTERN,
  type RecorderStep,
  type ReplayDialog,
  type ReplayStepResult,
  type ReplayVerdict,
  type TimedStep,
} from '../../shared/recording';
import type { BrowserBridge } from '../wire/browserBridge';
import type { CaptureStore } from '../capture/store';
import type { SavedRecording } from './recordingLibrary';
import { settle } from './settle';
import { buildTimeline, describeStep, problemsOf } from './timeline';
import { firstFailingStep, judge } from './verdict';

export const DEFAULT_STEP_TIMEOUT_MS = 5_000;

const videoError = (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) });

export interface ReplayOptions {
  secrets: Record<string, string>;
  /** Called before each step: (index, total, what it does). */
  onStep?: (index: number, total: number, description: string) => void;
  signal?: AbortSignal;
  /** The tab to replay in (an agent's own); the browser's choice (the active tab) when absent. */
  tabId?: number;
  /** Record the tab's video on the run's clock (needs a VideoRecorder). */
  video?: boolean;
  /** Called after each step ran, in the tab it ran in (the replay's screenshots); a step waits for it. */
  afterStep?: (index: number, tabId: number) => Promise<void>;
  /** Screenshots and visual changes (default on). */
  visual?: boolean;
}

/** A replay's encoded video. */
export interface RecordedVideo {
  bytes: Uint8Array;
  mimeType: string;
  width: number;
  height: number;
  frames: number;
  durationMs: number;
}

/**
 * A stopped filming: the picture the tab showed when the failing (or last) step ended, at once, and the
 * video, which the browser is still encoding (the verdict does not wait for it).
 */
export interface StoppedVideo {
  still?: { step: number; jpeg: Uint8Array };
  video: Promise<RecordedVideo>;
}

/** Films a replay's tab (src/connector/evidence); a video that fails answers why, and the replay goes on. */
/** Keeps each finished replay as a run of its recording (src/connector/evidence), and forgets a deleted recording's. */
export interface RunKeeper {
  /** Answers the kept run's id. */
  keep(recording: SavedRecording, run: ReplayRun): Promise<string>;
  forget(recordingId: string): Promise<void>;
  /** Films replays asked with `video: true`. */
  video?: VideoRecorder;
}

export interface VideoRecorder {
  start(tabId: number | undefined, startedAt: number): Promise<{ stop(stillStep: number): Promise<StoppedVideo> }>;
}

/** A replay's dialog as the recording timeline writes one. */
const timelineDialog = (dialog: ReplayDialog) => ({
  timestamp: dialog.openedAt,
  text: `${dialog.type}: ${dialog.message.slice(0, 200)} (${dialog.answer})`,
});

type Failure = NonNullable<ReplayVerdict['failedStep']>;

/** One step that started: when (epoch ms) it started and ended, and whether it ran. */
export interface StepTiming {
  index: number;
  title: string;
  startedAt: number;
  endedAt: number;
  ok: boolean;
}

/** A replay's verdict with what the evidence of the run is made of: its steps' times and the tab's captures. */
export interface ReplayRun {
  verdict: ReplayVerdict;
  steps: StepTiming[];
  tabId?: number;
  /** The tab's captures during the run, Web Vitals included, oldest first. */
  captures: StoredEntry[];
  /** Dialogs the page opened during the run (each accepted), oldest first. */
  dialogs: ReplayDialog[];
  video?: StoppedVideo | { error: string };
}

/** Replays a flow step by step in the browser's target tab and judges it against the recording. */
export class ReplayRunner {
  constructor(
    private readonly bridge: BrowserBridge,
    private readonly store: CaptureStore,
    private readonly videos?: VideoRecorder,
  ) {}

  async run(recording: SavedRecording, options: ReplayOptions): Promise<ReplayRun> {
    const startedAt = Date.now();
    const startSeq = this.store.lastSeq;
    const steps = recording.flow.steps;
    const timed: TimedStep[] = [];
    const timings: StepTiming[] = [];
    const dialogs: ReplayDialog[] = [];
    // Vitals are not kept in the store's buffers: the run listens for its own.
    const vitals: StoredEntry[] = [];
    const stopListening = this.store.onEntry((entry) => entry.type === 'web-vitals' && vitals.push(entry));
    const filming = options.video ? await this.startVideo(options.tabId, startedAt) : undefined;
    let tabId = options.tabId;
    let failedStep: Failure | undefined;
    for (const [index, original] of steps.entries()) {
      options.onStep?.(index, steps.length, describeStep(original));
      if (options.signal?.aborted) {
        failedStep = { index, type: original.type, reason: 'the replay was cancelled' };
        break;
      }
      timed.push({ step: original, timestamp: Date.now() });
      const outcome = await this.runStep(recording, original, options.secrets, tabId);
      const ok = !('reason' in outcome);
      timings.push({
        index,
        title: describeStep(original),
        startedAt: timed.at(-1)!.timestamp,
        endedAt: Date.now(),
        ok,
      });
      if ('reason' in outcome) {
        failedStep = { index, type: original.type, reason: outcome.reason };
        break;
      }
      tabId = outcome.tabId;
      dialogs.push(...(outcome.dialogs ?? []));
      await options.afterStep?.(index, outcome.tabId);
    }
    const stepsMs = Date.now() - startedAt;
    if (tabId !== undefined) await settle(this.store);
    stopListening();
    // Only this tab, and nothing from before the replay that arrived late.
    const ofRun = (entry: StoredEntry) =>
      (tabId === undefined || (entry as { tabId?: number }).tabId === tabId) && entry.timestamp >= startedAt;
    const captures = this.store.since(startSeq).filter(ofRun);
    const replayTimeline = buildTimeline({ steps: timed, dialogs: dialogs.map(timelineDialog), startedAt }, captures);
    const verdict = judge(problemsOf(recording.timeline), problemsOf(replayTimeline), {
      recordingId: recording.id,
      stepsTotal: steps.length,
      stepsRun: failedStep ? failedStep.index : steps.length,
      failedStep,
      startedAt,
      stepsMs,
    });
    const all = [...captures, ...vitals.filter(ofRun)].sort((a, b) => a.seq - b.seq);
    const still = firstFailingStep(verdict) ?? Math.max(0, timings.length - 1);
    const video = filming && 'stop' in filming ? await filming.stop(still).catch(videoError) : filming;
    return { verdict, steps: timings, tabId, captures: all, dialogs, ...(video ? { video } : {}) };
  }

  private async startVideo(
    tabId: number | undefined,
    startedAt: number,
  ): Promise<{ stop(stillStep: number): Promise<StoppedVideo> } | { error: string }> {
    if (!this.videos) return { error: 'this connector records no video' };
    return this.videos.start(tabId, startedAt).catch(videoError);
  }

  private async runStep(
    recording: SavedRecording,
    original: RecorderStep,
    secrets: Record<string, string>,
    tabId: number | undefined,
  ): Promise<ReplayStepResult | { reason: string }> {
    const missing = secretsIn(original).filter((key) => secrets[key] === undefined);
    if (missing.length) {
      return {
        reason: `it types the secret '${missing[0]}', which this connector session does not have (secrets are never saved). Pass it as secrets.${missing[0]} to the replay, or record again`,
      };
    }
    const step = secretsIn(original).length
      ? { ...original, value: String(original.value).replace(SECRET_PATTERN, (_, key: string) => secrets[key]!) }
      : original;
    const timeoutMs =
      typeof original.timeout === 'number' ? original.timeout : (recording.flow.timeout ?? DEFAULT_STEP_TIMEOUT_MS);
    try {
      return await this.bridge.command(
        'replay-step',
        { step, timeoutMs, ...(tabId === undefined ? {} : { tabId }) },
        timeoutMs + 15_000,
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BROWSER_NOT_CONNECTED') throw error;
      const details = error instanceof ApiError ? (error.details as { browserMessage?: string }) : {};
      return { reason: details.browserMessage ?? (error as Error).message };
    }
  }
}
