import { ApiError } from '../../shared/errors';
import type { StoredEntry } from '../../shared/protocol';
import {
  secretsIn,
  SECRET_PATTERN,
  type RecorderStep,
  type ReplayStepResult,
  type ReplayVerdict,
  type TimedStep,
} from '../../shared/recording';
import type { BrowserBridge } from '../browserBridge';
import type { CaptureStore } from '../store';
import type { SavedRecording } from './recordingLibrary';
import { settle } from './settle';
import { buildTimeline, describeStep, problemsOf } from './timeline';
import { judge } from './verdict';

export const DEFAULT_STEP_TIMEOUT_MS = 5_000;

export interface ReplayOptions {
  secrets: Record<string, string>;
  /** Called before each step: (index, total, what it does). */
  onStep?: (index: number, total: number, description: string) => void;
  signal?: AbortSignal;
  /** The tab to replay in (an agent's own); the browser's choice (the active tab) when absent. */
  tabId?: number;
  /** Called after each step ran, in the tab it ran in (the replay's screenshots); a step waits for it. */
  afterStep?: (index: number, tabId: number) => Promise<void>;
  /** Screenshots and visual changes (default on). */
  visual?: boolean;
}

type Failure = NonNullable<ReplayVerdict['failedStep']>;

/** Replays a flow step by step in the browser's target tab and judges it against the recording. */
export class ReplayRunner {
  constructor(
    private readonly bridge: BrowserBridge,
    private readonly store: CaptureStore,
  ) {}

  async run(recording: SavedRecording, options: ReplayOptions): Promise<ReplayVerdict> {
    const startedAt = Date.now();
    const startSeq = this.store.lastSeq;
    const steps = recording.flow.steps;
    const timed: TimedStep[] = [];
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
      if ('reason' in outcome) {
        failedStep = { index, type: original.type, reason: outcome.reason };
        break;
      }
      tabId = outcome.tabId;
      await options.afterStep?.(index, outcome.tabId);
    }
    const stepsMs = Date.now() - startedAt;
    if (tabId !== undefined) await settle(this.store);
    // Only this tab, and nothing from before the replay that arrived late.
    const captures = this.store
      .since(startSeq)
      .filter(
        (entry: StoredEntry) =>
          (tabId === undefined || (entry as { tabId?: number }).tabId === tabId) && entry.timestamp >= startedAt,
      );
    const replayTimeline = buildTimeline({ steps: timed, dialogs: [], startedAt }, captures);
    return judge(problemsOf(recording.timeline), problemsOf(replayTimeline), {
      recordingId: recording.id,
      stepsTotal: steps.length,
      stepsRun: failedStep ? failedStep.index : steps.length,
      failedStep,
      startedAt,
      stepsMs,
    });
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
