import type * as vscode from 'vscode';

/**
 * Runs `action` at once, then at most once per `intervalMs` while calls keep coming; the last call is
 * never lost. A page that logs now and then shows each line at once; one that logs hundreds of lines a
 * second redraws the trees once a second instead of on every batch (each redraw sends every row).
 */
export class RefreshThrottle implements vscode.Disposable {
  private last = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly action: () => void,
  ) {}

  request(): void {
    if (this.timer) return;
    const wait = this.last + this.intervalMs - performance.now();
    if (wait <= 0) return this.run();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, wait);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.last = performance.now();
    this.action();
  }
}
