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
  /**
   * Where the document's viewport sits in the tab's; absent: (0, 0). Its frame is scrolled into view first,
   * unless `scroll` is false (inspection only reads where it is).
   */
  origin?(scroll?: boolean): Promise<Point>;
  /**
   * Mouse events at tab points, sent straight to this document's own widget (an out-of-process iframe's).
   * Chrome's browser process routes the tab's input by where frames were last drawn, which lags a scroll in
   * another process and never catches up in a hidden tab; a frame's own widget needs no routing.
   */
  pointer?: Send;
  /** Resolves once the tab has drawn this document where it now is (for input the tab must route). */
  drawn?(): Promise<void>;
  /**
   * The tab routes this document's mouse input past out-of-process frames (it has some, and the input does not go
   * to a frame's own widget): a scroll that moves the target must be drawn before the input.
   */
  routedPastFrames?(): boolean;
}

/**
 * One document's protocol session, to read and keep things per document (inspection's style sheets, node ids,
 * handles): the tab's action session, or an out-of-process iframe's view, whose events come from its child.
 */
export interface DocumentSession extends Acting {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(method: string, listener: (params: any) => void): () => void;
}

/** An element and the document it lives in (the tab's page, or an out-of-process iframe's view). */
export interface ElementAt {
  at: Acting;
  backendNodeId: number;
}
