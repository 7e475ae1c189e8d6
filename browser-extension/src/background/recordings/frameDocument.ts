import type { Acting } from '../actions/acting';
import type { ActionSession } from '../actions/actionSession';
import { actingFor } from '../actions/frameView';
import { releaseObjects } from '../actions/locate';
import { CommandError } from '../commandError';

/** The document a step acts in: where its DOM calls go (the page, or an out-of-process frame's view), and its node. */
export interface StepDocument {
  at: Acting;
  /** The document's backend node id, in the numbering of `at`'s process. */
  documentId: number;
}

/** The isolated world the frame owners are found in: the page's own scripts cannot change what it sees. */
const WORLD = 'browser-debug-frames';

/**
 * Runs in the parent document (`this`): the element that holds `window.frames[index]`, found by the identity of
 * its `contentWindow` (a WindowProxy is one object per world, whatever origin the frame is), in the document and
 * its open shadow roots.
 */
const OWNER_OF = `function (index) {
  const frame = this.defaultView && this.defaultView.frames[index];
  if (!frame) return null;
  const search = (root) => {
    for (const element of root.querySelectorAll('*')) {
      if (element.contentWindow === frame) return element;
      const inner = element.shadowRoot && search(element.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  return search(this);
}`;

/**
 * The document of the frame a Recorder step names (`frame: [2, 0]`: the third frame of the page, then its first).
 * Frames are counted as the recorder counted them, in `window.frames` order: the order they were inserted, not
 * their place in the document (a card form a click inserts late, above another frame, is the later index).
 * Its owner element is found in the parent document by the frame's window; a frame in another process keeps its
 * place, and its document is reached through the frame's child session (the tab's flat CDP sessions), where
 * acting sends real input to the page at the frame's offset, as actions do.
 */
export async function frameDocument(session: ActionSession, path: readonly number[]): Promise<StepDocument> {
  let at: Acting = session;
  let documentId = await rootOf(at);
  let frameId = session.mainFrameId || (await mainFrameOf(at));
  for (let level = 0; level < path.length; level++) {
    const named = `frame [${path.slice(0, level + 1).join(', ')}]`;
    const owner = await ownerOf(at, frameId, documentId, path[level]!);
    if (owner === undefined) throw new CommandError('NO_MATCH', `the page has no ${named}`);
    const { node } = await at.send<{ node: { frameId?: string; contentDocument?: { backendNodeId: number } } }>(
      'DOM.describeNode',
      { nodeId: owner, depth: 1, pierce: true },
    );
    if (!node.frameId) throw new CommandError('NO_MATCH', `${named} has no document yet (it is still loading)`);
    frameId = node.frameId;
    const content = node.contentDocument?.backendNodeId;
    if (content !== undefined) {
      const { nodeIds: pushed } = await at.send<{ nodeIds: number[] }>('DOM.pushNodesByBackendIdsToFrontend', {
        backendNodeIds: [content],
      });
      documentId = pushed[0]!;
      continue;
    }
    // Another site, in its own process: its child session holds the document (once it has attached).
    if (!session.targets.byTargetId(frameId))
      throw new CommandError('NO_MATCH', `${named} has no document yet (it is still loading)`);
    at = actingFor(session, frameId);
    documentId = await rootOf(at);
  }
  const { node } = await at.send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: documentId });
  return { at, documentId: node.backendNodeId };
}

/** The node id of the element holding the parent's `frames[index]`, or undefined when there is none (yet). */
async function ownerOf(at: Acting, frameId: string, documentId: number, index: number): Promise<number | undefined> {
  // Chrome keeps one world per frame and name: asked again at each poll, it answers the same context id.
  const { executionContextId } = await at.send<{ executionContextId: number }>('Page.createIsolatedWorld', {
    frameId,
    worldName: WORLD,
  });
  const { object } = await at.send<{ object: { objectId?: string } }>('DOM.resolveNode', {
    nodeId: documentId,
    executionContextId,
  });
  let found: string | undefined;
  try {
    const { result } = await at.send<{ result: { objectId?: string } }>('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: OWNER_OF,
      arguments: [{ value: index }],
    });
    found = result.objectId;
    if (!found) return undefined;
    return (await at.send<{ nodeId: number }>('DOM.requestNode', { objectId: found })).nodeId;
  } finally {
    releaseObjects(at.send, [object.objectId, found]);
  }
}

async function rootOf(at: Acting): Promise<number> {
  const { root } = await at.send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
  return root.nodeId;
}

async function mainFrameOf(at: Acting): Promise<string> {
  const { frameTree } = await at.send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree');
  return frameTree.frame.id;
}
