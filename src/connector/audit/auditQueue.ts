import { ApiError } from '../../shared/errors';

/** A turn to run an audit; release it exactly once, with how long the run took. */
export interface AuditSlot {
  waitedMs: number;
  queuedBehind: number;
  release(durationMs?: number): void;
}

interface Waiter {
  start(): void;
}

/** Before any audit has run here: a desktop run takes 7–9.5 s on a 2-core machine. */
const FIRST_GUESS_MS = 10_000;
const RECENT = 5;

/**
 * Audits run one at a time (Lighthouse keeps process-wide state, and parallel runs skew each other's
 * timings). Later requests wait in order. A request that would not finish by its deadline, judging by
 * how long recent runs took, is refused at once instead of waiting only to fail.
 */
export class AuditQueue {
  private runningSince: number | undefined;
  private readonly waiting: Waiter[] = [];
  private readonly recent: number[] = [];

  get running(): boolean {
    return this.runningSince !== undefined;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Median of the last few runs. */
  typicalMs(): number {
    if (!this.recent.length) return FIRST_GUESS_MS;
    const sorted = [...this.recent].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  }

  /** Expected wait for a request arriving now. */
  expectedWaitMs(now = Date.now()): number {
    if (this.runningSince === undefined) return 0;
    const typical = this.typicalMs();
    return Math.max(1000, typical - (now - this.runningSince)) + this.waiting.length * typical;
  }

  async acquire(deadline: number, signal?: AbortSignal, onWaiting?: (ahead: number) => void): Promise<AuditSlot> {
    const arrived = Date.now();
    const ahead = (this.running ? 1 : 0) + this.waiting.length;
    if (ahead === 0) return this.take(arrived, 0);
    const wait = this.expectedWaitMs(arrived);
    if (arrived + wait + this.typicalMs() > deadline) {
      const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
      throw new ApiError(
        'AUDIT_BUSY',
        `Audits run one at a time and ${ahead} ${ahead === 1 ? 'is' : 'are'} ahead of this one: it would wait about ${seconds(wait)} and then need about ${seconds(this.typicalMs())}, past its ${seconds(deadline - arrived)} timeout. Retry when the current audit is done, or give a longer timeoutMs.`,
        { ahead, expectedWaitMs: wait, typicalRunMs: this.typicalMs(), timeoutMs: deadline - arrived },
      );
    }
    onWaiting?.(ahead);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: () => done(undefined) };
      const timer = setTimeout(
        () =>
          done(
            new ApiError(
              'LIGHTHOUSE_FAILED',
              `The audit timed out after ${deadline - arrived} ms while waiting for ${ahead} earlier audit(s).`,
              { reason: 'timeout' },
            ),
          ),
        deadline - arrived,
      );
      const onAbort = () =>
        done(new ApiError('LIGHTHOUSE_FAILED', 'The audit was cancelled while it waited.', { reason: 'cancelled' }));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      function done(this: void, error: ApiError | undefined) {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) {
          removeWaiter(waiter);
          reject(error);
        } else resolve();
      }
      const removeWaiter = (entry: Waiter) => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
      };
    });
    return this.take(arrived, ahead);
  }

  private take(arrived: number, ahead: number): AuditSlot {
    this.runningSince = Date.now();
    let released = false;
    return {
      waitedMs: this.runningSince - arrived,
      queuedBehind: ahead,
      release: (durationMs) => {
        if (released) return;
        released = true;
        if (durationMs !== undefined) {
          this.recent.push(durationMs);
          if (this.recent.length > RECENT) this.recent.shift();
        }
        // Handed straight to the next waiter, so a request arriving meanwhile cannot slip in ahead.
        const next = this.waiting.shift();
        this.runningSince = next ? Date.now() : undefined;
        next?.start();
      },
    };
  }
}
