import type { VitalMetric } from '../../../../src/shared/performance';
import type { CaptureEvent } from '../../../../src/shared/protocol';

/** A content script's Web Vitals report as a capture; the sink adds the tab, page load and URL. */
export function vitalsEvent(metric: VitalMetric): CaptureEvent {
  return { type: 'web-vitals', metric, timestamp: Date.now() };
}
