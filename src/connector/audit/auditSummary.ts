import type {
  AuditCategory,
  AuditMetrics,
  AuditOpportunity,
  AuditScores,
  AuditSeverity,
  FailingAudit,
} from '../../shared/audit';
import type { Lhr, LhrAudit, LhrNode } from './lhr';

export const SEVERITIES: readonly AuditSeverity[] = ['critical', 'serious', 'moderate', 'minor'];
const MAX_SELECTORS = 5;

export const METRIC_AUDITS: Record<keyof AuditMetrics, string> = {
  firstContentfulPaint: 'first-contentful-paint',
  largestContentfulPaint: 'largest-contentful-paint',
  timeToInteractive: 'interactive',
  speedIndex: 'speed-index',
  totalBlockingTime: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
};

export function scoresOf(lhr: Lhr): AuditScores {
  const score = (id: string) => (lhr.categories[id] ? lhr.categories[id].score : undefined);
  const scores: AuditScores = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
  };
  return Object.fromEntries(Object.entries(scores).filter(([, value]) => value !== undefined)) as AuditScores;
}

/** Undefined without the performance category; a metric Lighthouse could not measure is NaN. */
export function metricsOf(lhr: Lhr): AuditMetrics | undefined {
  if (!lhr.categories.performance) return undefined;
  const entries = Object.entries(METRIC_AUDITS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]);
  return Object.fromEntries(entries) as AuditMetrics;
}

/** axe's own impact for accessibility audits; elsewhere the audit's weight in its category stands in. */
function severityOf(audit: LhrAudit, weight: number): AuditSeverity {
  const impact = audit.details?.debugData?.impact;
  if (impact && (SEVERITIES as readonly string[]).includes(impact)) return impact as AuditSeverity;
  if (weight >= 10) return 'critical';
  if (weight >= 7) return 'serious';
  if (weight >= 3) return 'moderate';
  return 'minor';
}

export function nodesOf(audit: LhrAudit): LhrNode[] {
  const nodes: LhrNode[] = [];
  for (const item of audit.details?.items ?? []) {
    const node = (item.node ?? item) as Partial<LhrNode>;
    if (node.type === 'node') nodes.push(node as LhrNode);
  }
  return nodes;
}

const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/** Failing audits of the non-performance categories, most severe and heaviest first. */
export function failingOf(lhr: Lhr): FailingAudit[] {
  const failing: (FailingAudit & { weight: number })[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // image-alt and a few others count in two categories: listed once, under the first.
      if (!audit || failing.some((known) => known.id === ref.id)) continue;
      if (!SCORED.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= 0.9) continue;
      const nodes = nodesOf(audit);
      failing.push({
        id: audit.id,
        title: audit.title,
        category: category as AuditCategory,
        severity: severityOf(audit, ref.weight),
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        selectors: nodes.slice(0, MAX_SELECTORS).map((node) => node.selector ?? node.nodeLabel ?? '?'),
        snippets: nodes.slice(0, MAX_SELECTORS).map((node) => node.snippet ?? ''),
        elementCount: nodes.length,
        weight: ref.weight,
      });
    }
  }
  failing.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      b.weight - a.weight ||
      (a.score ?? 0) - (b.score ?? 0),
  );
  return failing.map(({ weight: _weight, ...audit }) => audit);
}

function savingsMsOf(audit: LhrAudit): number {
  const fromDetails = audit.details?.overallSavingsMs;
  if (typeof fromDetails === 'number' && fromDetails > 0) return fromDetails;
  const metric = audit.metricSavings ?? {};
  return Math.max(0, metric.LCP ?? 0, metric.FCP ?? 0, metric.TBT ?? 0);
}

/** Performance audits that would save time, biggest saving first. */
export function opportunitiesOf(lhr: Lhr): AuditOpportunity[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const list: AuditOpportunity[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === 'metrics' || audit.score === null || audit.score >= 0.9) continue;
    const savingsMs = savingsMsOf(audit);
    const savingsBytes = audit.details?.overallSavingsBytes;
    if (audit.details?.type !== 'opportunity' && savingsMs <= 0) continue;
    list.push({
      id: audit.id,
      title: audit.title,
      description: audit.description,
      score: audit.score,
      numericValue: audit.numericValue ?? savingsMs,
      displayValue: audit.displayValue ?? '',
      savingsMs: Math.round(savingsMs),
      ...(savingsBytes ? { savingsBytes: Math.round(savingsBytes) } : {}),
    });
  }
  return list.sort((a, b) => b.savingsMs - a.savingsMs || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0));
}
