import type { AuditSummary } from '../../shared/audit';
import { nodesOf } from './auditSummary';
import type { Lhr, LhrAudit } from './lhr';

/** What every answer carries beside its spec shape: where the report is and how the run went. */
function common(summary: AuditSummary) {
  return {
    url: summary.url,
    finalUrl: summary.finalUrl,
    timestamp: summary.timestamp,
    device: summary.device,
    report: summary.report,
    run: summary.run,
  };
}

const MAX_DETAIL_ITEMS = 20;

/** Failing audits list their elements; passing ones only score and title, so the answer stays small. */
function accessibilityAudit(audit: LhrAudit) {
  const failed = audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary';
  const details = failed
    ? nodesOf(audit)
        .slice(0, MAX_DETAIL_ITEMS)
        .map((node) => ({ selector: node.selector, snippet: node.snippet, label: node.nodeLabel }))
    : undefined;
  return {
    score: audit.score,
    title: audit.title,
    scoreDisplayMode: audit.scoreDisplayMode,
    ...(details ? { details } : {}),
  };
}

/** `POST /accessibility-audit`: score 0..1, audits keyed by id, categories.accessibility. */
export function accessibilityResult(lhr: Lhr, summary: AuditSummary) {
  const category = lhr.categories.accessibility;
  const audits = Object.fromEntries(
    (category?.auditRefs ?? [])
      .filter((ref) => lhr.audits[ref.id])
      .map((ref) => [ref.id, accessibilityAudit(lhr.audits[ref.id]!)]),
  );
  return {
    score: category?.score ?? null,
    audits,
    categories: { accessibility: { score: category?.score ?? null, title: category?.title ?? 'Accessibility' } },
    failing: summary.failing,
    ...common(summary),
  };
}

/** `POST /performance-audit`: score, the six metrics, opportunities with integer savings (ms). */
export function performanceResult(lhr: Lhr, summary: AuditSummary) {
  return {
    score: lhr.categories.performance?.score ?? null,
    metrics: summary.metrics,
    opportunities: summary.opportunities.map(({ id, title, savingsMs, savingsBytes }) => ({
      id,
      title,
      savings: savingsMs,
      ...(savingsBytes ? { savingsBytes } : {}),
    })),
    ...common(summary),
  };
}

const percent = (score: number | null | undefined) => (typeof score === 'number' ? Math.round(score * 100) : score);

/** `POST /engine-audit`: the combined `audit` with scores 0..100 for the categories that ran. */
export function engineResult(summary: AuditSummary) {
  const scores = Object.fromEntries(
    Object.entries(summary.scores).map(([key, value]) => [key, percent(value as number | null)]),
  );
  return {
    audit: {
      url: summary.url,
      finalUrl: summary.finalUrl,
      timestamp: summary.timestamp,
      device: summary.device,
      categories: summary.categories,
      scores,
      metrics: summary.metrics,
      opportunities: summary.opportunities.map(
        ({ id, title, description, score, numericValue, displayValue, savingsMs }) => ({
          id,
          title,
          description,
          score,
          numericValue,
          displayValue,
          savingsMs,
        }),
      ),
      failing: summary.failing,
    },
    report: summary.report,
    run: summary.run,
  };
}
