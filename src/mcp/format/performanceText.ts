/** Performance answers for a model: vitals with ratings, a trace's findings by section, within a budget. */
import {
  RATING_LABELS,
  VITAL_NAMES,
  formatVital,
  type PageLoadVitals,
  type PerformanceTraceRecord,
  type TracePhase,
  type TraceScriptRef,
} from '../../shared/performance';
import { cut } from './text';

const phases = (list: TracePhase[]) => list.map((phase) => `${phase.label} ${Math.round(phase.ms)} ms`).join(', ');

function scriptRef(ref: TraceScriptRef): string {
  const at = `${ref.url}${ref.line !== undefined ? `:${ref.line}${ref.column !== undefined ? `:${ref.column}` : ''}` : ''}`;
  const fn = ref.functionName ? `${ref.functionName} ` : '';
  return `${fn}${at}${ref.source ? ` (source ${ref.source.path}:${ref.source.line})` : ''}`;
}

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
  if (lcp)
    lines.push(
      `LCP ${lcp.ms} ms${lcp.element ? ` — element ${lcp.element}` : ''}${lcp.resourceUrl ? `, resource ${lcp.resourceUrl}` : ''}`,
      `  breakdown: ${phases(lcp.phases)}`,
    );
  else lines.push('LCP: none in this trace (no navigation recorded, or nothing painted).');
  if (cls) {
    lines.push(`CLS ${cls.score}`);
    for (const shift of cls.shifts)
      lines.push(
        `  shift ${shift.score} at ${Math.round(shift.atMs)} ms; moved ${shift.shifted.join(', ') || '?'}${shift.causes.length ? `; caused by ${shift.causes.join('; ')}` : ''}`,
      );
  } else lines.push('CLS 0: no layout shifts.');
  if (inp)
    lines.push(
      `INP ${Math.round(inp.ms)} ms (${inp.type ?? 'interaction'}${inp.target ? ` on ${inp.target}` : ''}): ${phases(inp.phases)}`,
    );
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
        `- ${Math.round(task.durationMs)} ms at ${Math.round(task.startMs)} ms${task.scripts.length ? `: ${task.scripts.map(scriptRef).join(' | ')}` : ' (no script: parsing, style, layout or paint)'}`,
    ),
  ];
}

function blockingSection(record: PerformanceTraceRecord): string[] {
  const blocking = record.summary.renderBlocking;
  if (!blocking.length) return ['Render-blocking requests: none.'];
  return [
    'Render-blocking requests:',
    ...blocking.map(
      (request) =>
        `- ${request.url}${request.durationMs !== undefined ? ` (${Math.round(request.durationMs)} ms)` : ''}${request.savingsMs ? `, est. savings ${request.savingsMs} ms` : ''}`,
    ),
  ];
}

function savingText(metric: string, value: number): string {
  if (metric === 'CLS') return `CLS ${value}`;
  if (metric === 'bytes')
    return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(1)} MB` : `${Math.round(value / 1024)} KB`;
  return `${metric} ${Math.round(value)} ms`;
}

function insightsSection(record: PerformanceTraceRecord): string[] {
  const insights = record.summary.insights.filter(
    (insight) => !['LCPBreakdown', 'CLSCulprits', 'INPBreakdown', 'RenderBlocking'].includes(insight.key),
  );
  if (!insights.length) return ['Other insights: none flagged.'];
  return [
    'Other insights (DevTools trace engine):',
    ...insights.map((insight) => {
      const savings = insight.savings
        ? ` — est. savings ${Object.entries(insight.savings)
            .map(([metric, value]) => savingText(metric, value))
            .join(', ')}`
        : '';
      return `- ${insight.title} [${insight.state}]${savings}${insight.details ? `: ${insight.details.join(', ')}` : ''}`;
    }),
  ];
}

/** The whole answer: headline, vitals, long tasks, render blocking, other insights, then where the file is. */
export function traceText(record: PerformanceTraceRecord, budget: number): string {
  const { summary } = record;
  const head = `Trace of ${summary.url ?? 'the page'} (${summary.reload ? 'reload' : 'no reload'}, ${Math.round(summary.durationMs)} ms recorded, answered in ${(record.elapsedMs / 1000).toFixed(1)} s).`;
  const tail = `Full trace: ${record.path} (open it in Chrome DevTools' Performance panel).`;
  const body = [
    ...vitalsSection(record),
    ...tasksSection(record),
    ...blockingSection(record),
    ...insightsSection(record),
  ].join('\n');
  return [
    head,
    cut(body, Math.max(500, budget - head.length - tail.length - 10), 'the trace file has everything'),
    tail,
  ].join('\n');
}
