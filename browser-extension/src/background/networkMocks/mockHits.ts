import type { MockedMark } from '../../../../src/shared/networkMocks';

/** A hit waits this long for its capture (webRequest reports a request when it ends; delays are capped at 2 min). */
const KEEP_MS = 150_000;
const MAX_HITS = 2000;

interface Hit extends MockedMark {
  at: number;
}

/**
 * Requests a mock rule handled, until webRequest's capture of the same request (tab, method, URL) takes
 * the mark. Oldest first: a page that asks the same URL twice gets its marks in order.
 */
export class MockHits {
  private readonly hits = new Map<string, Hit[]>();
  private count = 0;

  add(tabId: number, method: string, url: string, mark: MockedMark): void {
    const key = `${tabId} ${method.toUpperCase()} ${url}`;
    const list = this.hits.get(key) ?? [];
    list.push({ ...mark, at: Date.now() });
    this.hits.set(key, list);
    if (++this.count > MAX_HITS) this.prune();
  }

  /** The mark for a finished request, if a rule handled it. */
  take(tabId: number, method: string, url: string): MockedMark | undefined {
    const key = `${tabId} ${method.toUpperCase()} ${url}`;
    const list = this.hits.get(key);
    while (list?.length) {
      const hit = list.shift()!;
      this.count--;
      if (!list.length) this.hits.delete(key);
      if (Date.now() - hit.at <= KEEP_MS) return { ruleId: hit.ruleId, action: hit.action };
    }
    return undefined;
  }

  private prune(): void {
    const cutoff = Date.now() - KEEP_MS;
    for (const [key, list] of this.hits) {
      const kept = list.filter((hit) => hit.at >= cutoff);
      this.count -= list.length - kept.length;
      if (kept.length) this.hits.set(key, kept);
      else this.hits.delete(key);
    }
    // Still over: the oldest keys go (a page hammering mocked URLs whose captures never come).
    for (const key of this.hits.keys()) {
      if (this.count <= MAX_HITS) break;
      this.count -= this.hits.get(key)!.length;
      this.hits.delete(key);
    }
  }
}

export const mockHits = new MockHits();
