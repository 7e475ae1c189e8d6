import type { Send } from '../debuggerSession';

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

const IFRAME_ROLES = new Set(['Iframe', 'IframePresentational']);

function childFrameIds(tree: FrameTree): string[] {
  return (tree.childFrames ?? []).flatMap((child) => [child.frame.id, ...childFrameIds(child)]);
}

/**
 * The accessibility trees of the page's iframes, by the backend node id of their <iframe> element, so a
 * snapshot shows their content in place. Frames in another process (cross-origin, with site isolation)
 * are another debugger target and are left out.
 */
export async function frameTrees<N extends { role?: { value?: unknown } }>(
  send: Send,
  nodes: N[],
): Promise<Map<number, N[]>> {
  const frames = new Map<number, N[]>();
  if (!nodes.some((node) => IFRAME_ROLES.has(String(node.role?.value)))) return frames;
  const { frameTree } = await send<{ frameTree: FrameTree }>('Page.getFrameTree');
  await Promise.all(
    childFrameIds(frameTree).map(async (frameId) => {
      try {
        const [{ backendNodeId }, { nodes: inner }] = await Promise.all([
          send<{ backendNodeId: number }>('DOM.getFrameOwner', { frameId }),
          send<{ nodes: N[] }>('Accessibility.getFullAXTree', { frameId }),
        ]);
        frames.set(backendNodeId, inner);
      } catch {
        // Out of process or gone meanwhile: the snapshot shows the <iframe> line alone.
      }
    }),
  );
  return frames;
}
