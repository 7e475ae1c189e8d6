/** Performance answers for a model: vitals with ratings, a trace's findings by section, within a budget. */
import {
  RATING_LABELS,
  VITAL_NAMES,
  formatVital,
  type PageLoadVitals,
  type PerformanceTraceRecord,
} from '../../shared/performance';
import {
  INSIGHTS_SHOWN_AS_SECTIONS,
  NO_SCRIPT_TASK,
  inpText,
  insightSavings,
  lcpText,
  longTaskTimes,
  phasesText,
  renderBlockingText,
  scriptRefText,
  shiftText,
} from '../../shared/performanceDisplay';
import { fencePage } from './fence';
import { cut } from './text';

/** `LCP 1274 ms (good; element img#hero)` lines, one per measured metric. */
export function vitalsLines(vitals: PageLoadVitals): string[] {
  return VITAL_NAMES.flatMap((name) => {
    const metric = vitals.metrics[name];
    if (!metric) return [];
    const blame = [
      metric.target && `element ${metric.target}`,
      metric.resourceUrl && `resource ${metric.resourceUrl}`,
      metric.sources?.length && `shifted ${metric.sources.join(', ')}`,
      metric.interactionType && `on ${metric.interactionType}`,
    ]
      .filter(Boolean)
      .join('; ');
    const parts = metric.breakdown
      ? Object.entries(metric.breakdown)
          .map(([key, value]) => `${key} ${Math.round(value)} ms`)
          .join(', ')
      : '';
    return [
      `- ${name} ${formatVital(name, metric.value)} (${RATING_LABELS[metric.rating]})${blame ? `: ${blame}` : ''}${parts ? ` [${parts}]` : ''}`,
    ];
  });
}

function vitalsSection(record: PerformanceTraceRecord): string[] {
  const { lcp, cls, inp } = record.summary;
  const lines: string[] = [];
  if (lcp) lines.push(lcpText(lcp), `  breakdown: ${phasesText(lcp.phases)}`);
  else lines.push('LCP: none in this trace (no navigation recorded, or nothing painted).');
  if (cls) {
    lines.push(`CLS ${cls.score}`);
    for (const shift of cls.shifts) lines.push(`  ${shiftText(shift)}`);
  } else lines.push('CLS 0: no layout shifts.');
  if (inp) lines.push(`${inpText(inp)}: ${phasesText(inp.phases)}`);
  else lines.push('INP: no interactions during the trace.');
  return lines;
}

function tasksSection(record: PerformanceTraceRecord): string[] {
  const tasks = record.summary.longTasks;
  if (!tasks.length) return ['Long tasks: none over 50 ms.'];
  return [
    `Long main-thread tasks (${tasks.length}):`,
    ...tasks.map(
      (task) =>
        `- ${longTaskTimes(task)}${task.scripts.length ? `: ${task.scripts.map(scriptRefText).join(' | ')}` : ` ${NO_SCRIPT_TASK}`}`,
    ),
  ];
}

function blockingSection(record: PerformanceTraceRecord): string[] {
  const blocking = record.summary.renderBlocking;
  if (!blocking.length) return ['Render-blocking requests: none.'];
  return ['Render-blocking requests:', ...blocking.map((request) => `- ${renderBlockingText(request)}`)];
}

function insightsSection(record: PerformanceTraceRecord): string[] {
  const insights = record.summary.insights.filter((insight) => !INSIGHTS_SHOWN_AS_SECTIONS.includes(insight.key));
  if (!insights.length) return ['Other insights: none flagged.'];
  return [
    'Other insights (DevTools trace engine):',
    ...insights.map((insight) => {
      const savings = insightSavings(insight) && ` — est. savings ${insightSavings(insight)}`;
      return `- ${insight.title} [${insight.state}]${savings}${insight.details ? `: ${insight.details.join(', ')}` : ''}`;
    }),
  ];
}

/** The whole answer: headline, vitals, long tasks, render blocking, other insights, then where the file is. */
export function traceText(record: PerformanceTraceRecord, budget: number): string {
  const { summary } = record;
  const head = `Trace (${summary.reload ? 'reload' : 'no reload'}, ${Math.round(summary.durationMs)} ms recorded, answered in ${(record.elapsedMs / 1000).toFixed(1)} s):`;
  const tail = `Full trace: ${record.path} (open it in Chrome DevTools' Performance panel).`;
  // URLs, element selectors and script names in the insights come from the page: one fence.
  const body = [
    `Page: ${summary.url ?? '(unknown)'}`,
    ...vitalsSection(record),
    ...tasksSection(record),
    ...blockingSection(record),
    ...insightsSection(record),
  ].join('\n');
  return [
    head,
    fencePage(cut(body, Math.max(500, budget - head.length - tail.length - 130), 'the trace file has everything')),
    tail,
  ].join('\n');
}
