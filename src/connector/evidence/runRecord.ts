import { randomBytes } from 'node:crypto';
import type { RunRecord, RunStep } from '../../shared/evidence';
import type { ReplayRun } from '../recordings/replayRunner';
import { runEvents } from './runEvents';

/** A new run id, like run-1a2b3c4d5e6f (ids build file paths: nothing else is ever one). */
export function newRunId(): string {
  return `run-${randomBytes(6).toString('hex')}`;
}

/**
 * The step a run failed at: the step that could not run (diverged), else the step the first recurring
 * error or failed request followed (reproduced); none when the recording's problems are gone.
 */
export function firstFailingStep(run: Pick<ReplayRun, 'verdict'>): number | undefined {
  const { verdict } = run;
  if (verdict.failedStep) return verdict.failedStep.index;
  const first = verdict.recurring[0];
  return first && first.step >= 0 ? first.step : undefined;
}

/** A finished replay as kept with its recording: steps and the tab's events on the run's clock. */
export function runRecordOf(recordingId: string, run: ReplayRun, runId: string = newRunId()): RunRecord {
  const startedAt = run.verdict.startedAt;
  const steps: RunStep[] = run.steps.map((step) => ({
    index: step.index,
    title: step.title,
    startMs: step.startedAt - startedAt,
    endMs: step.endedAt - startedAt,
    ok: step.ok,
  }));
  const failing = firstFailingStep(run);
  return {
    runId,
    recordingId,
    startedAt,
    durationMs: run.verdict.durationMs,
    verdict: run.verdict,
    steps,
    events: runEvents(run.captures, startedAt, steps),
    ...(failing === undefined ? {} : { firstFailingStep: failing }),
    video: null,
    visualChanges: [],
  };
}
