import type { Acting } from '../actions/acting';
import type { ActionSession } from '../actions/actionSession';
import { actingFor } from '../actions/frameView';
import { CommandError } from '../commandError';

/** The document a step acts in: where its DOM calls go (the page, or an out-of-process frame's view), and its node. */
export interface StepDocument {
  at: Acting;
  /** The document's backend node id, in the numbering of `at`'s process. */
  documentId: number;
}

/**
 * The document of the frame a Recorder step names (`frame: [2, 0]`: the third frame of the page, then its first).
 * Frames are counted as `window.frames` counts them, by their `<iframe>`/`<frame>` elements in document order, so
 * a frame in another process keeps its place. Its document is reached through the frame's child session (the
 * tab's flat CDP sessions), and acting there sends real input to the page at the frame's offset, as actions do.
 */
export async function frameDocument(session: ActionSession, path: readonly number[]): Promise<StepDocument> {
  let at: Acting = session;
  let documentId = await rootOf(at);
  for (let level = 0; level < path.length; level++) {
    const { nodeIds } = await at.send<{ nodeIds: number[] }>('DOM.querySelectorAll', {
      nodeId: documentId,
      selector: 'iframe, frame',
    });
    const owner = nodeIds[path[level]!];
    const named = `frame [${path.slice(0, level + 1).join(', ')}]`;
    if (owner === undefined) throw new CommandError('NO_MATCH', `the page has no ${named}`);
    const { node } = await at.send<{ node: { frameId?: string; contentDocument?: { backendNodeId: number } } }>(
      'DOM.describeNode',
      { nodeId: owner, depth: 1, pierce: true },
    );
    const content = node.contentDocument?.backendNodeId;
    if (content !== undefined) {
      const { nodeIds: pushed } = await at.send<{ nodeIds: number[] }>('DOM.pushNodesByBackendIdsToFrontend', {
        backendNodeIds: [content],
      });
      documentId = pushed[0]!;
      continue;
    }
    // Another site, in its own process: its child session holds the document (once it has attached).
    if (!node.frameId || !session.targets.byTargetId(node.frameId))
      throw new CommandError('NO_MATCH', `${named} has no document yet (it is still loading)`);
    at = actingFor(session, node.frameId);
    documentId = await rootOf(at);
  }
  const { node } = await at.send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: documentId });
  return { at, documentId: node.backendNodeId };
}

async function rootOf(at: Acting): Promise<number> {
  const { root } = await at.send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
  return root.nodeId;
}
