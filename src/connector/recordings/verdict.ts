import type { Problem, ReplayVerdict } from '../../shared/recording';

export interface ReplayOutcome {
  recordingId: string;
  stepsTotal: number;
  stepsRun: number;
  failedStep?: ReplayVerdict['failedStep'];
  startedAt: number;
  stepsMs: number;
}

/**
 * The step a run failed at: the step that could not run (diverged), else the step the first recurring
 * error or failed request followed (reproduced); none when the recording's problems are gone.
 */
export function firstFailingStep(verdict: ReplayVerdict): number | undefined {
  if (verdict.failedStep) return verdict.failedStep.index;
  const first = verdict.recurring[0];
  return first && first.step >= 0 ? first.step : undefined;
}

/** First occurrence of each key: a problem repeated in a loop counts once. */
function distinct(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.key) && seen.add(problem.key));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Compares the recording's errors and failed requests with the replay's: `reproduced` when any come
 * back, `not reproduced` when every step ran and they are gone, `diverged` when a step could not run.
 */
export function judge(
  baseline: readonly Problem[],
  replayed: readonly Problem[],
  outcome: ReplayOutcome,
): ReplayVerdict {
  const before = distinct(baseline);
  const after = distinct(replayed);
  const afterByKey = new Map(after.map((problem) => [problem.key, problem]));
  const beforeKeys = new Set(before.map((problem) => problem.key));
  const recurring = before
    .filter((problem) => afterByKey.has(problem.key))
    .map((problem) => afterByKey.get(problem.key)!);
  const gone = before.filter((problem) => !afterByKey.has(problem.key));
  const fresh = after.filter((problem) => !beforeKeys.has(problem.key));
  const verdict: ReplayVerdict['verdict'] = outcome.failedStep
    ? 'diverged'
    : recurring.length
      ? 'reproduced'
      : 'not reproduced';
  return {
    recordingId: outcome.recordingId,
    verdict,
    summary: summarize(verdict, outcome, before.length, recurring, fresh),
    stepsRun: outcome.stepsRun,
    stepsTotal: outcome.stepsTotal,
    ...(outcome.failedStep ? { failedStep: outcome.failedStep } : {}),
    recurring,
    gone,
    new: fresh,
    startedAt: outcome.startedAt,
    stepsMs: outcome.stepsMs,
    durationMs: Date.now() - outcome.startedAt,
  };
}

function summarize(
  verdict: ReplayVerdict['verdict'],
  outcome: ReplayOutcome,
  baselineCount: number,
  recurring: Problem[],
  fresh: Problem[],
): string {
  const newPart = fresh.length
    ? ` ${plural(fresh.length, 'new problem')} appeared (first: ${fresh[0]!.text}, after step ${fresh[0]!.step + 1}).`
    : '';
  if (verdict === 'diverged') {
    const failed = outcome.failedStep!;
    return `Diverged at step ${failed.index + 1} of ${outcome.stepsTotal} (${failed.type}): ${failed.reason}.${newPart}`;
  }
  if (verdict === 'reproduced') {
    const first = recurring[0]!;
    return `Reproduced: ${recurring.length} of the recording's ${plural(baselineCount, 'error')} and failed requests happened again (first: ${first.text}, after step ${first.step + 1}).${newPart}`;
  }
  if (!baselineCount)
    return `All ${outcome.stepsTotal} steps ran; the recording had no errors or failed requests to compare.${newPart}`;
  return `Not reproduced: all ${outcome.stepsTotal} steps ran and the recording's ${plural(baselineCount, 'error')} and failed requests are gone.${newPart}`;
}
