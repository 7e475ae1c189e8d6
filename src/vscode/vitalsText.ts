import { formatVital, RATING_LABELS, VITAL_NAMES, type PageLoadVitals } from '../shared/performance';

/** `LCP 1274 ms (good)` lines for the status bar tooltip. */
export function vitalsTooltip(vitals: PageLoadVitals | undefined): string {
  if (!vitals) return '';
  const lines = VITAL_NAMES.flatMap((name) => {
    const metric = vitals.metrics[name];
    return metric ? [`${name} ${formatVital(name, metric.value)} (${RATING_LABELS[metric.rating]})`] : [];
  });
  return lines.length ? `\nWeb Vitals: ${lines.join(' · ')}` : '';
}
