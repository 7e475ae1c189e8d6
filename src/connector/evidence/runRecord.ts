import { randomBytes } from 'node:crypto';
import type { RunRecord, RunStep } from '../../shared/evidence';
import type { ReplayRun } from '../recordings/replayRunner';
import { firstFailingStep } from '../recordings/verdict';
import { runEvents } from './runEvents';

/** A new run id, like run-1a2b3c4d5e6f (ids build file paths: nothing else is ever one). */
export function newRunId(): string {
  return `run-${randomBytes(6).toString('hex')}`;
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
  const failing = firstFailingStep(run.verdict);
  return {
    runId,
    recordingId,
    startedAt,
    durationMs: run.verdict.durationMs,
    verdict: run.verdict,
    steps,
    events: runEvents(run.captures, startedAt, steps, run.dialogs),
    ...(failing === undefined ? {} : { firstFailingStep: failing }),
    video: null,
    visualChanges: run.verdict.visualChanges ?? [],
  };
}
