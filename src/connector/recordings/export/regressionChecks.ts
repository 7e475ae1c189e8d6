import type { Problem, RecorderStep } from '../../../shared/recording';
import type { SavedRecording } from '../recordingLibrary';
import { problemsOf } from '../timeline';

/** A request that failed in the bug: the test wants it answered below 400. */
export interface RequestCheck {
  method: string;
  /** Path on the base URL when the request went to the recorded origin, else the full URL (no query). */
  url: string;
  sameOrigin: boolean;
  /** What it answered in the bug, e.g. `500` or `net::ERR_FAILED`. */
  was: string;
}

/** What a regression test of this recording checks after its steps. */
export interface RegressionChecks {
  /** The recorded origin: the test's base URL. */
  origin?: string;
  /** The bug's errors, as the verdict compares them (numbers and line:column dropped). */
  errors: string[];
  requests: RequestCheck[];
  /** The element the flow ended on (its Recorder selectors), to be visible at the end. */
  visible?: { selectors: string[][]; what: string };
  /** Whence the errors and requests: the last replay that said `not reproduced`, or the recording. */
  source: string;
}

const REQUEST_KEY = /^(\S+) (\S+) → (.*)$/;

/** The checks a regression test of this recording makes, from its last verified replay when there is one. */
export function regressionChecks(recording: SavedRecording): RegressionChecks {
  const verdict = recording.lastVerdict;
  const verified = verdict?.verdict === 'not reproduced' && verdict.gone.length > 0;
  const problems: Problem[] = verified ? verdict.gone : problemsOf(recording.timeline);
  const origin = recordedOrigin(recording.flow.steps);
  const errors = unique(problems.filter((problem) => problem.kind === 'error').map((problem) => problem.key));
  const requests: RequestCheck[] = [];
  for (const problem of problems.filter((candidate) => candidate.kind === 'request')) {
    const match = REQUEST_KEY.exec(problem.key);
    if (!match) continue;
    const [, method, url, was] = match as unknown as [string, string, string, string];
    const sameOrigin = Boolean(origin) && url.startsWith(`${origin}/`);
    const check = { method, url: sameOrigin ? url.slice(origin!.length) : url, sameOrigin, was };
    if (!requests.some((seen) => seen.method === check.method && seen.url === check.url)) requests.push(check);
  }
  return {
    origin,
    errors,
    requests,
    visible: endElement(recording.flow.steps),
    source: verified
      ? `the replay of ${new Date(verdict.startedAt).toISOString()} that verified the fix (not reproduced)`
      : 'the recording (no replay has verified a fix yet)',
  };
}

function recordedOrigin(steps: readonly RecorderStep[]): string | undefined {
  const navigate = steps.find((step) => step.type === 'navigate' && typeof step.url === 'string');
  try {
    const origin = navigate ? new URL(navigate.url as string).origin : undefined;
    return origin && origin !== 'null' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** The last waitForElement (what the flow waited to see), else the last element a step acted on. */
function endElement(steps: readonly RecorderStep[]): RegressionChecks['visible'] {
  const withSelectors = steps.filter(
    (step) => Array.isArray(step.selectors) && step.selectors.length && !step.frame && step.target !== 'other',
  );
  const waited = withSelectors.filter(
    (step) => step.type === 'waitForElement' && (step.visible ?? true) && !step.operator,
  );
  const step = waited.at(-1) ?? withSelectors.at(-1);
  if (!step) return undefined;
  const selectors = (step.selectors as (string | string[])[]).map((group) => (Array.isArray(group) ? group : [group]));
  return {
    selectors,
    what: step.type === 'waitForElement' ? 'the element the flow waited for' : 'the last element the flow used',
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
