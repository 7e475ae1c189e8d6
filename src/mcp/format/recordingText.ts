import { fencePage } from './fence';
import { visualLines, visualSummary } from './visualText';
import type { Problem, RecordingDetail, RecordingSummary, ReplayVerdict } from '../../shared/recording';

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

export function summaryLine(recording: RecordingSummary): string {
  const state =
    recording.state === 'recording'
      ? 'RECORDING now'
      : `${recording.steps} steps, ${recording.errors} errors/failed requests`;
  const verdict = recording.lastVerdict ? `, last replay: ${recording.lastVerdict}` : '';
  return `- ${recording.id} "${recording.title}" (${time(recording.startedAt)} UTC; ${state}${recording.imported ? ', imported' : ''}${verdict})`;
}

/**
 * A recording within the budget: the steps, each followed by the errors and failed requests it led
 * to, first; then the other timeline lines (navigations, warnings, dialogs) while room is left.
 */
export function recordingText(recording: RecordingDetail, budget: number): string {
  const file = recording.path ? `; file ${recording.path} (Recorder flow + timeline as JSON)` : '';
  const title = `Recording ${recording.id}${file}:`;
  const problems = new Map<number, string[]>();
  for (const entry of recording.timeline) {
    if (entry.kind !== 'error' && entry.kind !== 'request') continue;
    problems.set(entry.step, [
      ...(problems.get(entry.step) ?? []),
      `    ✗ ${entry.kind === 'request' ? 'failed request' : 'error'}: ${entry.text}`,
    ]);
  }
  const stepText = new Map(
    recording.timeline.filter((entry) => entry.kind === 'step').map((entry) => [entry.step, entry.text]),
  );
  const lines: string[] = [];
  for (const [index, problem] of problems.get(-1)?.entries() ?? [])
    if (index === 0) lines.push('Before step 1:', problem);
  recording.flow.steps.forEach((step, index) => {
    lines.push(`${index + 1}. ${stepText.get(index) ?? step.type}`, ...(problems.get(index) ?? []));
  });
  const others = recording.timeline
    .filter((entry) => !['step', 'error', 'request'].includes(entry.kind))
    .map((entry) => `  +${(entry.at / 1000).toFixed(1)}s after step ${entry.step + 1}: ${entry.kind}: ${entry.text}`);
  // Titles, step selectors and values, error texts and URLs were all written by the page: one fence.
  const steps = fit(
    [summaryLine(recording).slice(2), 'Steps (and the errors each led to):', ...lines],
    others,
    budget - title.length - 130,
  );
  return `${title}\n${fencePage(steps)}`;
}

/** Keeps the main lines first, then extra lines while they fit, and says what was left out. */
function fit(main: string[], extra: string[], budget: number): string {
  const out: string[] = [];
  let used = 0;
  const all = [...main, ...(extra.length ? ['Other events:', ...extra] : [])];
  for (const [index, line] of all.entries()) {
    if (used + line.length + 1 > budget - 120) {
      out.push(
        `… ${all.length - index} more lines left out to stay within the answer size. The whole recording is in the file above (or GET /recordings/{id}).`,
      );
      break;
    }
    out.push(line);
    used += line.length + 1;
  }
  return out.join('\n');
}

function problemLines(title: string, problems: Problem[]): string[] {
  if (!problems.length) return [];
  return [
    `${title} (${problems.length}):`,
    ...problems.slice(0, 15).map((problem) => `  - after step ${problem.step + 1}: ${problem.text}`),
  ];
}

export function verdictText(verdict: ReplayVerdict): string {
  const details = [
    `Summary: ${verdict.summary}`,
    ...problemLines('Recurring (happened again)', verdict.recurring),
    ...problemLines('Gone (in the recording, not in this replay)', verdict.gone),
    ...problemLines('New (only in this replay)', verdict.new),
    ...(verdict.mocked?.length
      ? [
          `Mocked requests (${verdict.mocked.length}):`,
          ...verdict.mocked
            .slice(0, 15)
            .map((hit) => `  - ${hit.method} ${hit.url} → ${hit.error ?? hit.status ?? hit.action} by ${hit.ruleId}`),
        ]
      : []),
    ...visualLines(verdict),
  ];
  const visual = visualSummary(verdict);
  return [
    `Verdict: ${verdict.verdict.toUpperCase()}`,
    `Steps run: ${verdict.stepsRun} of ${verdict.stepsTotal} in ${(verdict.durationMs / 1000).toFixed(1)} s.`,
    ...(verdict.runId
      ? [
          `Run: ${verdict.runId} (its timeline: GET /recordings/${verdict.recordingId}/runs/${verdict.runId}/timeline; after a fix, export_fix_receipt compares it with the failing run).`,
        ]
      : []),
    ...(visual ? [visual] : []),
    fencePage(details),
  ].join('\n');
}
