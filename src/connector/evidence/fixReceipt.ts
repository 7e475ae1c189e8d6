import type { RunRecord, VisualChange } from '../../shared/evidence';
import { formatVital, RATING_LABELS, VITAL_NAMES, type VitalName } from '../../shared/performance';
import type { Problem } from '../../shared/recording';
import { markdownText } from './markdownText';
import { videoPath } from './runTimeline';

export interface ReceiptInput {
  title: string;
  before: RunRecord;
  after: RunRecord;
  /** The connector's address, e.g. http://127.0.0.1:3025: links are absolute. */
  origin: string;
}

const MAX_LINES = 20;

/** The errors and failed requests a run met: the recording's that came back, and its new ones. */
function problemsOf(run: RunRecord): Problem[] {
  return [...run.verdict.recurring, ...run.verdict.new];
}

function problemList(heading: string, problems: readonly Problem[]): string[] {
  if (!problems.length) return [];
  const lines = problems
    .slice(0, MAX_LINES)
    .map((problem) => `- ${problem.kind === 'error' ? 'error' : 'failed request'}: ${markdownText(problem.text)}`);
  const more = problems.length > MAX_LINES ? [`- … and ${problems.length - MAX_LINES} more`] : [];
  return [`**${heading} (${problems.length})**`, '', ...lines, ...more, ''];
}

function problemSection(before: RunRecord, after: RunRecord): string[] {
  const was = problemsOf(before);
  const now = problemsOf(after);
  const wasKeys = new Set(was.map((problem) => problem.key));
  const nowKeys = new Set(now.map((problem) => problem.key));
  const lines = [
    ...problemList(
      'Gone',
      was.filter((problem) => !nowKeys.has(problem.key)),
    ),
    ...problemList(
      'New',
      now.filter((problem) => !wasKeys.has(problem.key)),
    ),
    ...problemList(
      'Still there',
      now.filter((problem) => wasKeys.has(problem.key)),
    ),
  ];
  return ['### Errors and failed requests', '', ...(lines.length ? lines : ['None in either run.', ''])];
}

function visualSection(after: RunRecord): string[] {
  const changes = after.visualChanges;
  if (!changes.length) return ['### Visual changes', '', 'None reported for the after run.', ''];
  const lines = changes.slice(0, MAX_LINES).map((change) => {
    const component = change.component
      ? ` in ${markdownText(change.component.name)}${componentPlace(change.component) ? ` (${markdownText(componentPlace(change.component)!)})` : ''}`
      : '';
    const { x, y, width, height } = change.box;
    return `- step ${change.step + 1}: ${markdownText(change.element)}${component}, ${width}×${height} at ${x},${y}`;
  });
  return ['### Visual changes', '', ...lines, ''];
}

/** Where a component is, as shown (`src/Checkout.tsx:42`), else its file and line. */
function componentPlace(component: NonNullable<VisualChange['component']>): string | undefined {
  if (component.source) return component.source;
  return component.file ? `${component.file}${component.line ? `:${component.line}` : ''}` : undefined;
}

/** The dialogs each run met, when either met one (a confirm() that appears or goes away is part of the fix). */
function dialogSection(before: RunRecord, after: RunRecord): string[] {
  const lines = (label: string, run: RunRecord) =>
    run.events.flatMap((event) =>
      event.kind === 'dialog'
        ? [`- ${label}, step ${event.step + 1}: ${event.type} ${markdownText(event.message)} (${event.answer})`]
        : [],
    );
  const all = [...lines('before', before), ...lines('after', after)];
  if (!all.length) return [];
  const more = all.length > MAX_LINES ? [`- … and ${all.length - MAX_LINES} more`] : [];
  return ['### Dialogs', '', ...all.slice(0, MAX_LINES), ...more, ''];
}

/** The newest value of each metric in a run. */
function vitalsOf(run: RunRecord): Map<VitalName, string> {
  const values = new Map<VitalName, string>();
  for (const event of run.events)
    if (event.kind === 'vital')
      values.set(event.name, `${formatVital(event.name, event.value)} (${RATING_LABELS[event.rating]})`);
  return values;
}

function vitalsSection(before: RunRecord, after: RunRecord): string[] {
  const was = vitalsOf(before);
  const now = vitalsOf(after);
  const names = VITAL_NAMES.filter((name) => was.has(name) || now.has(name));
  if (!names.length) return ['### Web Vitals', '', 'No Web Vitals were reported during either run.', ''];
  return [
    '### Web Vitals',
    '',
    '| Metric | Before | After |',
    '|---|---|---|',
    ...names.map((name) => `| ${name} | ${was.get(name) ?? '–'} | ${now.get(name) ?? '–'} |`),
    '',
  ];
}

function evidenceRow(run: RunRecord, origin: string): { video: string; still: string } {
  if (!run.video && !run.videoPending) return { video: 'none (replay with video: true)', still: '–' };
  const base = `${origin}${videoPath(run.recordingId, run.runId)}`;
  const step = run.still?.step ?? run.firstFailingStep ?? Math.max(0, run.steps.length - 1);
  return {
    // A video still encoding is linked all the same: the address answers once it is ready.
    video: `[${run.runId}.webm](${base})${run.videoPending ? ' (still encoding)' : ''}`,
    still: run.still ? `![step ${step + 1}](${origin}/recordings/${run.recordingId}/runs/${run.runId}/still)` : '–',
  };
}

/** A fail→pass receipt in Markdown, ready for a pull request. Page text in it is escaped (markdownText). */
export function fixReceipt({ title, before, after, origin }: ReceiptInput): string {
  const was = evidenceRow(before, origin);
  const now = evidenceRow(after, origin);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const failing = (run: RunRecord) =>
    run.firstFailingStep === undefined
      ? '–'
      : `step ${run.firstFailingStep + 1}: ${markdownText(run.steps[run.firstFailingStep]?.title ?? '')}`;
  return [
    `## Fix receipt: ${markdownText(title)}`,
    '',
    `**${before.verdict.verdict} → ${after.verdict.verdict}**`,
    '',
    `| | Before (${before.runId}) | After (${after.runId}) |`,
    '|---|---|---|',
    `| Verdict | ${before.verdict.verdict} | ${after.verdict.verdict} |`,
    `| Steps run | ${before.verdict.stepsRun} of ${before.verdict.stepsTotal} | ${after.verdict.stepsRun} of ${after.verdict.stepsTotal} |`,
    `| Duration | ${seconds(before.durationMs)} | ${seconds(after.durationMs)} |`,
    `| Failing step | ${failing(before)} | ${failing(after)} |`,
    `| Video | ${was.video} | ${now.video} |`,
    `| Still | ${was.still} | ${now.still} |`,
    '',
    ...problemSection(before, after),
    ...visualSection(after),
    ...dialogSection(before, after),
    ...vitalsSection(before, after),
    `Replayed by Browser Debug from recording ${before.recordingId} (${new Date(before.startedAt).toISOString()} and ${new Date(after.startedAt).toISOString()}).`,
    '',
  ].join('\n');
}
