/**
 * Remembers when the page added elements after the recording started, so a step on an element that
 * appeared late gets a waitForElement before it (the page needed time).
 */
export class AddedElements {
  private readonly times = new WeakMap<Node, number>();
  private readonly observer = new MutationObserver((records) => {
    const now = Date.now();
    for (const record of records) for (const node of record.addedNodes) this.times.set(node, now);
  });

  constructor(private readonly document: Document) {}

  start(): void {
    this.observer.observe(this.document.documentElement, { childList: true, subtree: true });
  }

  stop(): void {
    this.observer.disconnect();
  }

  /** When the element, or the nearest ancestor added with it, entered the page; undefined if it was there at start. */
  addedAt(element: Element): number | undefined {
    for (let node: Node | null = element; node; node = node.parentNode) {
      const time = this.times.get(node);
      if (time !== undefined) return time;
    }
    return undefined;
  }
}
