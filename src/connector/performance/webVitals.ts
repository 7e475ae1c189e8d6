import { rateVital, type PageLoadVitals } from '../../shared/performance';
import type { StoredEntry, StoredWebVitals } from '../../shared/protocol';

const MAX_PAGE_LOADS = 500;

/**
 * Web Vitals per page load, kept beside the capture store (keyed by page-load id, joined at read time):
 * the newest value of each metric, with its rating. Bounded: the oldest page loads go first.
 */
export class WebVitalsBook {
  private readonly byPageLoad = new Map<string, PageLoadVitals>();

  /** Feed every stored entry; only `web-vitals` ones count. */
  observe(entry: StoredEntry): void {
    if (entry.type === 'web-vitals') this.add(entry);
  }

  private add(entry: StoredWebVitals): void {
    const { metric } = entry;
    let loads = this.byPageLoad.get(entry.pageLoadId);
    if (!loads) {
      loads = {
        pageLoadId: entry.pageLoadId,
        url: entry.url,
        tabId: entry.tabId,
        startedAt: entry.timestamp,
        updatedAt: entry.timestamp,
        metrics: {},
      };
      this.byPageLoad.set(entry.pageLoadId, loads);
      if (this.byPageLoad.size > MAX_PAGE_LOADS) this.byPageLoad.delete(this.byPageLoad.keys().next().value!);
    }
    loads.updatedAt = entry.timestamp;
    loads.url ??= entry.url;
    loads.metrics[metric.name] = { ...metric, rating: rateVital(metric.name, metric.value) };
  }

  /** Takes over a snapshot (a live client's replay); newer reports then update it. */
  load(pageLoads: readonly PageLoadVitals[]): void {
    for (const loads of pageLoads) this.byPageLoad.set(loads.pageLoadId, loads);
    while (this.byPageLoad.size > MAX_PAGE_LOADS) this.byPageLoad.delete(this.byPageLoad.keys().next().value!);
  }

  get(pageLoadId: string): PageLoadVitals | undefined {
    return this.byPageLoad.get(pageLoadId);
  }

  /** The newest `limit` page loads, newest last. */
  list(limit: number): { pageLoads: PageLoadVitals[]; total: number } {
    const all = [...this.byPageLoad.values()];
    return { pageLoads: all.slice(Math.max(0, all.length - limit)), total: all.length };
  }

  clear(): void {
    this.byPageLoad.clear();
  }
}
