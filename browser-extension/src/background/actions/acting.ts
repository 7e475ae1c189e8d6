import type { Send } from '../debuggerSession';

export interface Point {
  x: number;
  y: number;
}

/**
 * What acting on an element needs: the tab, a `send` for the element's document (DOM and Runtime calls)
 * that still delivers `Input.*` to the tab's page, where Chrome routes real input to the frame under the
 * pointer or with the focus, and the pointer. The tab's action session is one; an out-of-process iframe's
 * view (frameView.ts) is another, with `origin`.
 */
export interface Acting {
  readonly tabId: number;
  readonly send: Send;
  /** Where the pointer is in the tab's viewport (CSS px), shared by every document of the tab. */
  mouse: Point;
  /** Where the document's viewport sits in the tab's, once its frame is scrolled into view; absent: (0, 0). */
  origin?(): Promise<Point>;
}
