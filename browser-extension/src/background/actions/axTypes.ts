interface AXValue {
  value?: unknown;
}

/** A node of Chrome's accessibility tree, as the Accessibility domain reports it (the fields we read). */
export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  value?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
  parentId?: string;
  backendDOMNodeId?: number;
}

/** One snapshot line: its text, depth, and whether the model can act on it (kept first when over budget). */
export interface SnapshotLine {
  text: string;
  depth: number;
  interactive: boolean;
  ref?: string;
}

/** Where a walk gets the tree from: a whole tree in hand, or one fetched as the walk goes. */
export interface AXSource {
  /** The child target (an out-of-process iframe) whose nodes these are; undefined for the tab's own page. */
  targetId?: string;
  root(): AXNode | undefined | Promise<AXNode | undefined>;
  /** The node's children in order, ignored ones included. */
  children(node: AXNode): AXNode[] | Promise<AXNode[]>;
  /** The children already in hand, without asking (a text run's InlineTextBoxes, which hide a run they repeat). */
  known(node: AXNode): AXNode[] | undefined;
  /** The tree of the document an <iframe> node shows, if it can be read. */
  frame(node: AXNode): AXSource | undefined | Promise<AXSource | undefined>;
  /** A hint: the walk will soon visit `siblings` from index `from` on. */
  ahead?(siblings: AXNode[], from: number): void;
}

/** Follows a walk's lines and may end it; told, for each node the end cut short, what it left unread. */
export interface LineReader {
  read(line: SnapshotLine): void;
  done: boolean;
  /** `rest` children of the node under line `owner` (-1: none) were not read; `sample` is what its first `count` gave. */
  unread(owner: number, rest: number, sample: SnapshotLine[], count: number): void;
}
