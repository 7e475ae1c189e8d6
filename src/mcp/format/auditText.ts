import type { AuditMetrics, AuditSeverity, AuditSummary, FailingAudit } from '../../shared/audit';
import { fencePage } from './fence';
import { cut, oneLine, plural } from './text';

/** All critical failures, fewer of the lesser ones: what a model can act on, the rest is in the report. */
export const SEVERITY_CAPS: Record<AuditSeverity, number> = {
  critical: Number.POSITIVE_INFINITY,
  serious: 8,
  moderate: 5,
  minor: 3,
};
const SELECTORS_SHOWN = 3;
const OPPORTUNITIES_SHOWN = 5;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function scoreLine(summary: AuditSummary): string {
  const names: [keyof AuditSummary['scores'], string][] = [
    ['performance', 'performance'],
    ['accessibility', 'accessibility'],
    ['bestPractices', 'best practices'],
    ['seo', 'SEO'],
  ];
  const parts = names
    .filter(([key]) => key in summary.scores)
    .map(
      ([key, label]) =>
        `${label} ${typeof summary.scores[key] === 'number' ? Math.round(summary.scores[key] * 100) : 'n/a'}`,
    );
  return `Scores (0–100): ${parts.join(', ')}.`;
}

function metricLine(metrics: AuditMetrics): string {
  const ms = (value: number) =>
    Number.isFinite(value) ? (value >= 1000 ? seconds(value) : `${Math.round(value)} ms`) : 'n/a';
  return `Metrics: FCP ${ms(metrics.firstContentfulPaint)}, LCP ${ms(metrics.largestContentfulPaint)}, TBT ${ms(metrics.totalBlockingTime)}, CLS ${Number.isFinite(metrics.cumulativeLayoutShift) ? metrics.cumulativeLayoutShift.toFixed(3) : 'n/a'}, Speed Index ${ms(metrics.speedIndex)}, TTI ${ms(metrics.timeToInteractive)}.`;
}

function failingLine(audit: FailingAudit): string {
  const elements = audit.elementCount
    ? ` — ${plural(audit.elementCount, 'element')}: ${audit.selectors
        .slice(0, SELECTORS_SHOWN)
        .map((selector) => cut(oneLine(selector), 160))
        .join(' | ')}${audit.elementCount > SELECTORS_SHOWN ? ' …' : ''}`
    : '';
  return `  [${audit.severity}] ${audit.id}: ${cut(oneLine(audit.title), 140)}${audit.displayValue ? ` (${audit.displayValue})` : ''}${elements}`;
}

/** Ranked by severity then weight (the summary's order), capped per severity. */
function failingLines(failing: FailingAudit[]): string[] {
  if (!failing.length) return ['No failing audits in the categories that ran.'];
  const shown = new Map<AuditSeverity, number>();
  const lines: string[] = [];
  const hidden: Partial<Record<AuditSeverity, number>> = {};
  for (const audit of failing) {
    const count = shown.get(audit.severity) ?? 0;
    if (count >= SEVERITY_CAPS[audit.severity]) hidden[audit.severity] = (hidden[audit.severity] ?? 0) + 1;
    else {
      shown.set(audit.severity, count + 1);
      lines.push(failingLine(audit));
    }
  }
  const rest = Object.entries(hidden).map(([severity, n]) => `${n} ${severity}`);
  return [
    `Failing audits (${failing.length}, most severe first):`,
    ...lines,
    ...(rest.length ? [`  …and ${rest.join(', ')} more in the report.`] : []),
  ];
}

function opportunityLines(summary: AuditSummary): string[] {
  if (!summary.categories.includes('performance')) return [];
  const top = summary.opportunities.slice(0, OPPORTUNITIES_SHOWN);
  if (!top.length) return ['No performance opportunities with a measurable saving.'];
  return [
    'Top opportunities (estimated saving):',
    ...top.map(
      (item) =>
        `  ${item.id}: ${cut(oneLine(item.title), 120)} — ~${item.savingsMs} ms${item.savingsBytes ? `, ${Math.round(item.savingsBytes / 1024)} KiB` : ''}${item.displayValue ? ` (${item.displayValue})` : ''}`,
    ),
  ];
}

function runLine(summary: AuditSummary): string {
  const { run } = summary;
  const waited =
    run.waitedMs >= 500
      ? ` after waiting ${seconds(run.waitedMs)} behind ${plural(run.queuedBehind, 'other audit')}`
      : '';
  const moved = summary.finalUrl !== summary.url ? ` The page ended at ${summary.finalUrl} (redirected).` : '';
  return `Audit of ${summary.url} (${summary.device}, ${summary.categories.join(', ')}) took ${seconds(run.durationMs)}${waited}, in ${run.browserLabel}.${moved}`;
}

/** The MCP answer: scores, metrics, ranked failures with selectors, top opportunities, report paths. */
export function auditText(summary: AuditSummary): string {
  // The audited page's URL, element selectors and the texts Lighthouse quotes from it: one fence.
  const page = [
    runLine(summary),
    summary.run.cookies.note,
    scoreLine(summary),
    ...(summary.metrics ? [metricLine(summary.metrics)] : []),
    ...failingLines(summary.failing),
    ...opportunityLines(summary),
    ...summary.run.warnings.slice(0, 3).map((warning) => `Warning: ${cut(oneLine(warning), 300)}`),
  ];
  return [
    'Audit:',
    fencePage(page),
    `Full report: ${summary.report.htmlPath} (JSON: ${summary.report.jsonPath}).`,
  ].join('\n');
}
