import type { Send } from '../debuggerSession';
import type { TabTargets } from '../targets/tabTargets';
import type { AXNode } from './axTypes';

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

/** The accessibility tree of the document an <iframe> shows, and where its nodes live. */
export interface FrameDoc {
  nodes: AXNode[];
  /** The child target (an out-of-process iframe) its nodes belong to; undefined for the tab's own page. */
  targetId?: string;
  /** The frames inside it, by their <iframe> node (in the same numbering as `nodes`). */
  frames: Map<number, FrameDoc>;
}

/** The document a tree of frames is read from: the tab's page, or one child target. */
export interface FrameReader {
  send: Send;
  sessionId?: string;
  targetId?: string;
  targets?: TabTargets;
}

const IFRAME_ROLES = new Set(['Iframe', 'IframePresentational']);

function childFrameIds(tree: FrameTree): string[] {
  return (tree.childFrames ?? []).flatMap((child) => [child.frame.id, ...childFrameIds(child)]);
}

/**
 * The accessibility trees of a document's iframes, by the backend node id of their <iframe> element, so a
 * snapshot shows their content in place. Frames of the same process come from the document's own session
 * (one map for all of them: their node ids share a numbering); an out-of-process iframe (another site, with
 * site isolation) from its child target, with the frames inside it in a map of its own.
 */
export async function frameTrees(reader: FrameReader, nodes: AXNode[]): Promise<Map<number, FrameDoc>> {
  const frames = new Map<number, FrameDoc>();
  if (!nodes.some((node) => IFRAME_ROLES.has(String(node.role?.value)))) return frames;
  const { send, targetId } = reader;
  const { frameTree } = await send<{ frameTree: FrameTree }>('Page.getFrameTree');
  await Promise.all([
    ...childFrameIds(frameTree).map(async (frameId) => {
      try {
        const [{ backendNodeId }, { nodes: inner }] = await Promise.all([
          send<{ backendNodeId: number }>('DOM.getFrameOwner', { frameId }),
          send<{ nodes: AXNode[] }>('Accessibility.getFullAXTree', { frameId }),
        ]);
        if (!frames.has(backendNodeId)) frames.set(backendNodeId, { nodes: inner, targetId, frames });
      } catch {
        // Out of process (read below) or gone meanwhile: the snapshot shows the <iframe> line alone.
      }
    }),
    ...remoteFrames(reader, frames),
  ]);
  return frames;
}

/** The out-of-process iframes whose <iframe> is in the reader's document, each read over its own session. */
function remoteFrames(reader: FrameReader, frames: Map<number, FrameDoc>): Promise<void>[] {
  const { targets, send, sessionId } = reader;
  const children = (targets?.list() ?? []).filter(
    (target) => target.type === 'iframe' && target.parentSessionId === sessionId,
  );
  return children.map(async (child) => {
    try {
      const childSend = targets!.sender(child.sessionId);
      const [{ backendNodeId }, { nodes }] = await Promise.all([
        send<{ backendNodeId: number }>('DOM.getFrameOwner', { frameId: child.targetId }),
        childSend<{ nodes: AXNode[] }>('Accessibility.getFullAXTree', {}),
      ]);
      const reader = { send: childSend, sessionId: child.sessionId, targetId: child.targetId, targets };
      const inner = await frameTrees(reader, nodes);
      frames.set(backendNodeId, { nodes, targetId: child.targetId, frames: inner });
    } catch {
      // Gone meanwhile, or its <iframe> is in another document: the snapshot shows the line alone.
    }
  });
}
