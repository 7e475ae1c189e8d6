/**
 * How performance figures read, for every reader: the MCP answers and the dashboard say an LCP, a shift,
 * a long task or a saving the same way. Plain strings only (no DOM), so the webview imports this too.
 */
import type { TraceInsight, TraceLongTask, TracePhase, TraceScriptRef, TraceSummary } from './performance';

/** Insights the trace sections already show in full (vitals and render-blocking); lists of others leave them out. */
export const INSIGHTS_SHOWN_AS_SECTIONS: readonly string[] = [
  'LCPBreakdown',
  'CLSCulprits',
  'INPBreakdown',
  'RenderBlocking',
];

const ms = (value: number) => `${Math.round(value)} ms`;

/** `TTFB 120 ms, load delay 30 ms`. */
export function phasesText(phases: readonly TracePhase[]): string {
  return phases.map((phase) => `${phase.label} ${ms(phase.ms)}`).join(', ');
}

/** `LCP 1274 ms — element img#hero, resource /hero.jpg`. */
export function lcpText(lcp: NonNullable<TraceSummary['lcp']>): string {
  return `LCP ${lcp.ms} ms${lcp.element ? ` — element ${lcp.element}` : ''}${lcp.resourceUrl ? `, resource ${lcp.resourceUrl}` : ''}`;
}

/** `shift 0.12 at 840 ms; moved div#ad; caused by …`. */
export function shiftText(shift: NonNullable<TraceSummary['cls']>['shifts'][number]): string {
  return `shift ${shift.score} at ${ms(shift.atMs)}; moved ${shift.shifted.join(', ') || '?'}${shift.causes.length ? `; caused by ${shift.causes.join('; ')}` : ''}`;
}

/** `INP 320 ms (click on button#buy)`. */
export function inpText(inp: NonNullable<TraceSummary['inp']>): string {
  return `INP ${ms(inp.ms)} (${inp.type ?? 'interaction'}${inp.target ? ` on ${inp.target}` : ''})`;
}

/** `/app.css (120 ms), est. savings 80 ms`. */
export function renderBlockingText(request: TraceSummary['renderBlocking'][number]): string {
  return `${request.url}${request.durationMs !== undefined ? ` (${ms(request.durationMs)})` : ''}${request.savingsMs ? `, est. savings ${request.savingsMs} ms` : ''}`;
}

/** `handler http://x/app.js:12:4 (source src/app.ts:30)`. */
export function scriptRefText(ref: TraceScriptRef): string {
  const at = `${ref.url}${ref.line !== undefined ? `:${ref.line}${ref.column !== undefined ? `:${ref.column}` : ''}` : ''}`;
  const fn = ref.functionName ? `${ref.functionName} ` : '';
  return `${fn}${at}${ref.source ? ` (source ${ref.source.path}:${ref.source.line})` : ''}`;
}

/** What a long task is when no script ran in it. */
export const NO_SCRIPT_TASK = '(no script: parsing, style, layout or paint)';

/** `230 ms at 1200 ms`. */
export function longTaskTimes(task: TraceLongTask): string {
  return `${ms(task.durationMs)} at ${ms(task.startMs)}`;
}

/** One estimated saving: `LCP 320 ms`, `CLS 0.05`, `120 KB`, `1.2 MB`. */
export function savingText(metric: string, value: number): string {
  if (metric === 'CLS') return `CLS ${value}`;
  if (metric === 'bytes')
    return value >= 1024 * 1024 ? `${(value / 1024 / 1024).toFixed(1)} MB` : `${Math.round(value / 1024)} KB`;
  return `${metric} ${ms(value)}`;
}

/** All of an insight's estimated savings, or '' when it has none. */
export function insightSavings(insight: TraceInsight): string {
  return insight.savings
    ? Object.entries(insight.savings)
        .map(([metric, value]) => savingText(metric, value))
        .join(', ')
    : '';
}
