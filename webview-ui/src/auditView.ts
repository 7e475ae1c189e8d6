/** The Audits tab's body: score gauges, metrics rated (words and colour) by Lighthouse's thresholds, opportunities, failing elements. */
import type { AuditMetrics, AuditSummary } from '../../src/shared/audit';

const SVG = 'http://www.w3.org/2000/svg';

/** Good / needs-improvement limits (ms, CLS unitless), as Lighthouse colours them. */
const METRICS: [keyof AuditMetrics, string, number, number][] = [
  ['firstContentfulPaint', 'First Contentful Paint', 1800, 3000],
  ['largestContentfulPaint', 'Largest Contentful Paint', 2500, 4000],
  ['totalBlockingTime', 'Total Blocking Time', 200, 600],
  ['cumulativeLayoutShift', 'Cumulative Layout Shift', 0.1, 0.25],
  ['speedIndex', 'Speed Index', 3400, 5800],
  ['timeToInteractive', 'Time to Interactive', 3800, 7300],
];

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** Ratings in words as well as colours. */
const RATING_WORDS: Record<string, string> = {
  good: 'good',
  average: 'needs improvement',
  poor: 'poor',
  na: 'not rated',
};

function rating(score: number | null | undefined): string {
  if (typeof score !== 'number') return 'na';
  return score >= 0.9 ? 'good' : score >= 0.5 ? 'average' : 'poor';
}

function gauge(label: string, score: number | null | undefined): HTMLElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 120 120');
  const ring = (className: string, fraction: number) => {
    const circle = document.createElementNS(SVG, 'circle');
    circle.setAttribute('cx', '60');
    circle.setAttribute('cy', '60');
    circle.setAttribute('r', '52');
    circle.setAttribute('class', className);
    circle.setAttribute('stroke-dasharray', `${fraction * 326.7} 326.7`);
    return circle;
  };
  svg.append(ring('gauge-track', 1), ring(`gauge-arc ${rating(score)}`, typeof score === 'number' ? score : 0));
  const value = document.createElementNS(SVG, 'text');
  value.setAttribute('x', '60');
  value.setAttribute('y', '70');
  value.setAttribute('class', 'gauge-value');
  value.textContent = typeof score === 'number' ? String(Math.round(score * 100)) : '–';
  svg.append(value);
  const figure = node('figure', `gauge ${rating(score)}`);
  figure.append(svg, node('figcaption', '', `${label}: ${RATING_WORDS[rating(score)]}`));
  return figure;
}

function metricRows(metrics: AuditMetrics): HTMLElement {
  const table = node('div', 'metrics');
  for (const [key, label, good, poor] of METRICS) {
    const value = metrics[key];
    const shown = key === 'cumulativeLayoutShift' ? value.toFixed(3) : `${Math.round(value)} ms`;
    const rated = value <= good ? 'good' : value <= poor ? 'average' : 'poor';
    const row = node('div', `metric ${rated}`);
    row.append(node('span', 'label', label), node('span', 'value', `${shown} · ${RATING_WORDS[rated]}`));
    table.append(row);
  }
  return table;
}

export function auditView(audit: AuditSummary): HTMLElement {
  const section = node('div', 'audit');
  section.append(
    node(
      'p',
      'audit-meta',
      `${audit.finalUrl} · ${audit.device} · ${new Date(audit.timestamp).toLocaleString()} · ${audit.run.browserLabel}`,
    ),
  );
  const gauges = node('div', 'gauges');
  const labels: Record<string, string> = {
    performance: 'Performance',
    accessibility: 'Accessibility',
    bestPractices: 'Best practices',
    seo: 'SEO',
  };
  for (const [key, score] of Object.entries(audit.scores)) gauges.append(gauge(labels[key] ?? key, score));
  section.append(gauges);
  if (audit.metrics) section.append(node('h3', '', 'Metrics'), metricRows(audit.metrics));
  if (audit.opportunities.length) {
    const list = node('ul', 'opportunities');
    for (const item of audit.opportunities.slice(0, 10)) {
      const li = node('li', '', `${item.title}`);
      li.append(
        node(
          'span',
          'saving',
          item.savingsMs ? ` — save ~${Math.round(item.savingsMs)} ms` : ` — ${item.displayValue}`,
        ),
      );
      list.append(li);
    }
    section.append(node('h3', '', 'Opportunities'), list);
  }
  if (audit.failing.length) {
    const list = node('ul', 'failing');
    for (const item of audit.failing) {
      const li = node('li', `severity-${item.severity}`);
      li.append(node('vscode-badge', 'badge', item.severity), node('span', '', ` ${item.title}`));
      if (item.selectors.length)
        li.append(
          node(
            'code',
            'selectors',
            item.selectors.join(', ') +
              (item.elementCount > item.selectors.length
                ? ` (+${item.elementCount - item.selectors.length} more)`
                : ''),
          ),
        );
      list.append(li);
    }
    section.append(node('h3', '', 'Failing audits'), list);
  }
  return section;
}
