/**
 * Web Vitals of the page load, measured with Google's web-vitals library (attribution build) from the
 * isolated world, so nothing runs in the page's own scripts. Every change is reported, so the connector
 * always holds the current values, not only the final ones.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { VitalMetric } from '../../../src/shared/performance';
import type { RelayMessage } from '../common/messages';

const round = (value: number) => Math.round(value * 10) / 10;

function phases(values: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([key, value]) => [key, round(value)]),
  );
}

/** Only what the connector stores: selectors, URLs and phase times, never DOM nodes or entries. */
function toVital(metric: MetricWithAttribution): VitalMetric {
  const base = {
    name: metric.name,
    value: metric.name === 'CLS' ? metric.value : round(metric.value),
    rating: metric.rating,
  };
  switch (metric.name) {
    case 'LCP': {
      const a = metric.attribution;
      return {
        ...base,
        target: a.target,
        resourceUrl: a.url,
        breakdown: phases({
          ttfb: a.timeToFirstByte,
          loadDelay: a.resourceLoadDelay,
          loadDuration: a.resourceLoadDuration,
          renderDelay: a.elementRenderDelay,
        }),
      };
    }
    case 'CLS': {
      const a = metric.attribution;
      const sources = (a.largestShiftEntry?.sources ?? [])
        .map((source) => describeNode(source.node))
        .filter((name): name is string => Boolean(name));
      return { ...base, target: a.largestShiftTarget, sources: sources.slice(0, 10) };
    }
    case 'INP': {
      const a = metric.attribution;
      return {
        ...base,
        target: a.interactionTarget,
        interactionType: a.interactionType,
        breakdown: phases({
          inputDelay: a.inputDelay,
          processing: a.processingDuration,
          presentation: a.presentationDelay,
        }),
      };
    }
    case 'FCP':
      return {
        ...base,
        breakdown: phases({
          ttfb: metric.attribution.timeToFirstByte,
          firstByteToFcp: metric.attribution.firstByteToFCP,
        }),
      };
    case 'TTFB': {
      const a = metric.attribution;
      return {
        ...base,
        breakdown: phases({
          waiting: a.waitingDuration,
          dns: a.dnsDuration,
          connection: a.connectionDuration,
          request: a.requestDuration,
        }),
      };
    }
  }
}

function describeNode(node: Node | null | undefined): string | undefined {
  if (!(node instanceof Element)) return node?.nodeName.toLowerCase();
  const id = node.id ? `#${node.id}` : '';
  const classes =
    typeof node.className === 'string' && node.className.trim()
      ? `.${node.className.trim().split(/\s+/).join('.')}`
      : '';
  return `${node.tagName.toLowerCase()}${id}${classes}`;
}

/** Starts measuring; each report goes to the service worker as one `vitals` message. */
export function observeVitals(send: (message: RelayMessage) => void): void {
  const report = (metric: MetricWithAttribution) => {
    try {
      send({ kind: 'vitals', metric: toVital(metric) });
    } catch {
      // A metric we cannot shape is skipped; the page goes on.
    }
  };
  const options = { reportAllChanges: true };
  onLCP(report, options);
  onCLS(report, options);
  onINP(report, options);
  onFCP(report, options);
  onTTFB(report, options);
}
