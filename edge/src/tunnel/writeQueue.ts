import type { CaptureRow } from '../data/captureRow';

interface Pending {
  rows: CaptureRow[];
  bytes: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit: while one D1 write runs, captures that arrive queue up and go together in the
 * next one. A connector sending single frames then costs a few writes per second, not one per
 * frame, and rows still reach D1 in seq order.
 */
export class WriteQueue {
  private pending: Pending[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly write: (rows: CaptureRow[], bytes: number) => Promise<void>) {}

  /** Resolves once these rows are stored; rejects if their write failed. */
  enqueue(rows: CaptureRow[], bytes: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ rows, bytes, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves when everything enqueued so far has been written (or has failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.pending.length) {
      const group = this.pending.splice(0);
      try {
        await this.write(
          group.flatMap((item) => item.rows),
          group.reduce((sum, item) => sum + item.bytes, 0),
        );
        for (const item of group) item.resolve();
      } catch (error) {
        for (const item of group) item.reject(error);
      }
    }
    this.running = undefined;
  }
}
