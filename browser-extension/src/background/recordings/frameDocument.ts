import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';

/**
 * The document of the frame a Recorder step names (`frame: [2, 0]`: the third frame of the page, then its first),
 * as a backend node id. Frames are counted as `window.frames` counts them, by their `<iframe>`/`<frame>` elements
 * in document order, so a frame in another process keeps its place; its document is not in this session, and
 * the step says so.
 */
export async function frameDocument(send: Send, path: readonly number[]): Promise<number> {
  const { root } = await send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
  let documentId = root.nodeId;
  for (let level = 0; level < path.length; level++) {
    const { nodeIds } = await send<{ nodeIds: number[] }>('DOM.querySelectorAll', {
      nodeId: documentId,
      selector: 'iframe, frame',
    });
    const owner = nodeIds[path[level]!];
    const named = `frame [${path.slice(0, level + 1).join(', ')}]`;
    if (owner === undefined) throw new CommandError('NO_MATCH', `the page has no ${named}`);
    const { node } = await send<{ node: { contentDocument?: { backendNodeId: number } } }>('DOM.describeNode', {
      nodeId: owner,
      depth: 1,
      pierce: true,
    });
    const content = node.contentDocument?.backendNodeId;
    if (content === undefined)
      throw new CommandError(
        'FRAME_OUT_OF_PROCESS',
        `${named} is on another site and runs in its own process, which this replay does not reach yet`,
      );
    const { nodeIds: pushed } = await send<{ nodeIds: number[] }>('DOM.pushNodesByBackendIdsToFrontend', {
      backendNodeIds: [content],
    });
    documentId = pushed[0]!;
  }
  const { node } = await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: documentId });
  return node.backendNodeId;
}
