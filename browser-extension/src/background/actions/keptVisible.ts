import type { Send } from '../debuggerSession';

/**
 * Lets a hidden tab (an agent's, in the background) render and take input while an agent acts in it: Chrome
 * drops mouse input to a hidden page (0 of 12 clicks landed, headful Chromium, no other client attached). Focus
 * emulation keeps the tab visible and focused, as Playwright keeps its pages, until `forMs` pass without an
 * action or the debugger detaches. A tab that is already visible is left as it is.
 */
export class KeptVisible {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private kept = false;
  /** The last look found the tab visible: not asked again until a tab is activated or `forMs` pass. */
  private seenVisible = false;

  constructor(
    private readonly tabId: number,
    private readonly send: Send,
    private readonly forMs: number,
    private readonly closed: () => boolean,
    private readonly drawn: () => Promise<void>,
  ) {}

  async whileActing(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.letGo(), this.forMs);
    if (this.kept || this.seenVisible) return;
    const { result } = await this.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
      expression: 'document.visibilityState',
      returnByValue: true,
    }).catch(() => ({ result: { value: undefined } }));
    if (result.value !== 'hidden') {
      this.seenVisible = true;
      return;
    }
    this.kept = true;
    await this.send('Emulation.setFocusEmulationEnabled', { enabled: true }).catch(() => undefined);
    // The page drew nothing while hidden, and Chrome routes input by what was drawn.
    await this.drawn();
  }

  /** Another tab came to the front, which may have hidden this one: the next action looks again. */
  forget(): void {
    this.seenVisible = false;
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private async letGo(): Promise<void> {
    this.seenVisible = false;
    if (!this.kept || this.closed()) return;
    this.kept = false;
    // Not through `send`: letting go is not an action, so it does not push the idle detach back.
    await chrome.debugger
      .sendCommand({ tabId: this.tabId }, 'Emulation.setFocusEmulationEnabled', { enabled: false })
      .catch(() => undefined);
  }
}
