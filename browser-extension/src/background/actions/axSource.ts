import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';
import type { ChildTarget, TabTargets } from '../targets/tabTargets';
import type { AXNode, AXSource } from './axTypes';
import { frameTrees, type FrameDoc } from './frameTrees';

const IFRAME_ROLES = new Set(['Iframe', 'IframePresentational']);
/** Items of a list (a node with more than LIST children) fetched whole ahead of the walk. */
const LIST = 16;
const AHEAD = 48;

function byParent(byId: Map<string, AXNode>, node: AXNode): AXNode[] {
  return (node.childIds ?? []).map((id) => byId.get(id)).filter((child): child is AXNode => !!child);
}

/**
 * A tree already in hand (a frame's, or the whole page's), with the trees of its iframes by <iframe> node;
 * `targetId` names the child target its nodes belong to (an out-of-process iframe).
 */
export function treeSource(nodes: AXNode[], frames = new Map<number, FrameDoc>(), targetId?: string): AXSource {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  return {
    targetId,
    root: () => nodes.find((node) => node.parentId === undefined) ?? nodes[0],
    children: (node) => byParent(byId, node),
    known: (node) => byParent(byId, node),
    frame: (node) => {
      const inner = node.backendDOMNodeId === undefined ? undefined : frames.get(node.backendDOMNodeId);
      return inner?.nodes.length ? treeSource(inner.nodes, inner.frames, inner.targetId) : undefined;
    },
  };
}

/** The whole page's AX tree in one call, iframes included (out-of-process ones through `targets`): for diffs. */
export async function fullTree(send: Send, targets?: TabTargets): Promise<{ nodes: AXNode[]; source: AXSource }> {
  const { nodes } = await send<{ nodes: AXNode[] }>('Accessibility.getFullAXTree', {});
  return { nodes, source: treeSource(nodes, await frameTrees({ send, targets }, nodes)) };
}

/** The accessibility tree of one out-of-process iframe, read over its child session, with the frames inside it. */
export async function childTree(
  targets: TabTargets,
  child: ChildTarget,
): Promise<{ nodes: AXNode[]; source: AXSource }> {
  const send = targets.sender(child.sessionId);
  const { nodes } = await send<{ nodes: AXNode[] }>('Accessibility.getFullAXTree', {});
  const reader = { send, sessionId: child.sessionId, targetId: child.targetId, targets };
  return { nodes, source: treeSource(nodes, await frameTrees(reader, nodes), child.targetId) };
}

/** Lazy walks under way, by the debugger session's send: the domain stays on while one is. */
const walks = new WeakMap<Send, number>();

function isLeaf(node: AXNode): boolean {
  const role = node.role?.value;
  return role === 'StaticText' || role === 'InlineTextBox' || !node.childIds?.length;
}

/**
 * The page's AX tree fetched as a walk goes: a snapshot that stops at its budget reads only what it shows.
 * On the 2,000-row page the whole tree is 28,000 nodes and 11 MB, which `chrome.debugger` takes seconds to
 * hand over. Here a node's children come by `Accessibility.getChildAXNodes`, and an item of a long list
 * (a table row) comes whole by one `Accessibility.queryAXTree` on it, asked for a few items ahead of the
 * walk so the round trips overlap.
 */
export function lazyTree(
  send: Send,
  targets?: TabTargets,
): AXSource & { calls: number; close(): Promise<void>; nodeOf(backendNodeId: number): Promise<AXNode | undefined> } {
  const fetched = new Map<string, Promise<AXNode[]>>();
  const resolved = new Map<string, AXNode[]>();
  /** Subtrees asked for whole, by their root's node id, until they have filled `fetched`. */
  const whole = new Map<string, Promise<void>>();
  let frames: Promise<Map<number, FrameDoc>> | undefined;
  let opened = false;
  let rootId: string | undefined;
  const source = {
    calls: 0,
    // The domain keeps node ids stable between calls while enabled; close() turns it off again, as page
    // accessibility work slows the page while it is on.
    root: async () => {
      walks.set(send, (walks.get(send) ?? 0) + 1);
      opened = true;
      await send('Accessibility.enable');
      const { node } = await send<{ node: AXNode }>('Accessibility.getRootAXNode', {});
      rootId = node.nodeId;
      return node;
    },
    /**
     * The AX node of a DOM node of the main document (after root()), or undefined when it has none or is in an
     * iframe (whose nodes `getChildAXNodes` would not find): the caller then reads the whole tree.
     */
    nodeOf: async (backendNodeId: number): Promise<AXNode | undefined> => {
      const { nodes } = await send<{ nodes: AXNode[] }>('Accessibility.getPartialAXTree', { backendNodeId }).catch(
        () => ({ nodes: [] as AXNode[] }),
      );
      const byId = new Map(nodes.map((node) => [node.nodeId, node]));
      const node = nodes.find((candidate) => candidate.backendDOMNodeId === backendNodeId);
      let top = node;
      while (top?.parentId !== undefined) top = byId.get(top.parentId);
      return node && top?.nodeId === rootId ? node : undefined;
    },
    close: async () => {
      // Subtrees asked for ahead of a walk that stopped are still coming: they land before the domain goes off.
      // A list's DOM items first: their answer asks for the items' subtrees.
      await Promise.allSettled(described);
      await Promise.allSettled([...whole.values(), ...fetched.values(), ...queried.values()]);
      if (!opened) return;
      opened = false;
      const left = (walks.get(send) ?? 1) - 1;
      walks.set(send, left);
      // Another snapshot of the tab may be walking meanwhile: the last one out turns the domain off.
      if (!left) await send('Accessibility.disable').catch(() => undefined);
    },
    children: (node: AXNode) => fetch(node),
    known: (node: AXNode) => (node.childIds?.length ? resolved.get(node.nodeId) : []),
    frame: async (node: AXNode) => {
      if (!IFRAME_ROLES.has(String(node.role?.value)) || node.backendDOMNodeId === undefined) return undefined;
      // All frames read in one go when the walk first meets one.
      frames ??= frameTrees({ send, targets }, [node]);
      const inner = (await frames).get(node.backendDOMNodeId);
      // With the frames inside it, so an iframe inside this one shows as it does in the whole tree.
      return inner?.nodes.length ? treeSource(inner.nodes, inner.frames, inner.targetId) : undefined;
    },
    ahead: (siblings: AXNode[], from: number) => {
      if (siblings.length > LIST) for (const node of siblings.slice(from, from + AHEAD)) subtree(node);
    },
  };
  const fetch = (node: AXNode): Promise<AXNode[]> => {
    if (!node.childIds?.length) return Promise.resolve([]);
    const known = fetched.get(node.nodeId);
    if (known) return known;
    const coming = whole.get(node.nodeId);
    return coming ? coming.then(() => fetched.get(node.nodeId) ?? children(node)) : children(node);
  };
  /** queryAXTree answers by DOM node: a list's first items are asked for by their DOM nodes while its AX children come. */
  const queried = new Map<number, Promise<AXNode[]>>();
  /** The `DOM.describeNode` calls of long lists, which close() waits for (they go on to ask for items). */
  const described: Promise<void>[] = [];
  const query = (backendNodeId: number): Promise<AXNode[]> => {
    let answer = queried.get(backendNodeId);
    if (!answer) {
      source.calls++;
      answer = send<{ nodes: AXNode[] }>('Accessibility.queryAXTree', { backendNodeId }).then(({ nodes }) => nodes);
      queried.set(backendNodeId, answer);
    }
    return answer;
  };
  /** A long list's first items by the DOM (they are almost always its AX children; any that are not go unused). */
  const firstItems = (node: AXNode): void => {
    if ((node.childIds?.length ?? 0) <= LIST || node.backendDOMNodeId === undefined) return;
    type DomNode = { nodeType: number; backendNodeId: number; children?: DomNode[] };
    const asking = send<{ node: DomNode }>('DOM.describeNode', { backendNodeId: node.backendDOMNodeId, depth: 1 }).then(
      ({ node: dom }) =>
        (dom.children ?? [])
          .filter((child) => child.nodeType === 1)
          .slice(0, AHEAD)
          .forEach((child) => query(child.backendNodeId).catch(() => undefined)),
      () => undefined,
    );
    described.push(asking);
  };
  const children = (node: AXNode): Promise<AXNode[]> => {
    source.calls++;
    firstItems(node);
    const answer = send<{ nodes: AXNode[] }>('Accessibility.getChildAXNodes', { id: node.nodeId }).then(
      ({ nodes }) => {
        const list = byParent(new Map(nodes.map((child) => [child.nodeId, child])), node);
        resolved.set(node.nodeId, list);
        return list;
      },
      (error: unknown) => {
        // A node the page removed meanwhile has no children to show; a detached debugger still fails the walk.
        if (error instanceof CommandError) throw error;
        return [];
      },
    );
    fetched.set(node.nodeId, answer);
    return answer;
  };
  /** Asks for a node's whole subtree in one call; a node whose children are all in it needs no call of its own. */
  const subtree = (node: AXNode): void => {
    const backendNodeId = node.backendDOMNodeId;
    if (isLeaf(node) || backendNodeId === undefined || fetched.has(node.nodeId) || whole.has(node.nodeId)) return;
    const done = query(backendNodeId).then(
      (nodes) => {
        const byId = new Map(nodes.map((child) => [child.nodeId, child]));
        for (const held of [node, ...nodes])
          if (!fetched.has(held.nodeId) && held.childIds?.every((id) => byId.has(id))) {
            const list = byParent(byId, held);
            resolved.set(held.nodeId, list);
            fetched.set(held.nodeId, Promise.resolve(list));
          }
      },
      () => undefined,
    );
    whole.set(node.nodeId, done);
  };
  return source;
}
