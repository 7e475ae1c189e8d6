import { DurableObject } from 'cloudflare:workers';
import type { RateDecision, RateLimiterObject } from '../base/durableObjects';

interface WindowState {
  start: number;
  count: number;
}

/**
 * One object per identifier (account or client address). A Durable Object runs one call at a
 * time and its storage writes are ordered, so the count is exact however many requests arrive
 * at once and from wherever on the edge. Fixed windows aligned to the epoch.
 */
export class RateLimiter extends DurableObject implements RateLimiterObject {
  private state: WindowState | undefined;

  async hit(limit: number, windowSeconds: number): Promise<RateDecision> {
    const now = Date.now();
    const size = windowSeconds * 1000;
    const start = Math.floor(now / size) * size;
    this.state ??= await this.ctx.storage.get<WindowState>('window');
    if (!this.state || this.state.start !== start) this.state = { start, count: 0 };
    const state = this.state;
    const allowed = state.count < limit;
    if (allowed) {
      state.count += 1;
      // Memory is the truth while the object lives; storage only covers an eviction mid-window,
      // so the answer need not wait for the write to be durable.
      void this.ctx.storage.put('window', { ...state }, { allowUnconfirmed: true });
    }
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - state.count),
      reset: (start + size) / 1000,
      window: windowSeconds,
    };
  }

  /** Used by /health to prove Durable Objects answer. */
  async ping(): Promise<'pong'> {
    return 'pong';
  }
}
