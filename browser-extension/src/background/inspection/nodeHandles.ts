import type { DocumentSession } from '../actions/acting';
import { objectOf } from '../actions/locate';
import { perDocument } from '../actions/perDocument';
import { CommandError } from '../commandError';

/** The page-side handles inspections keep live, released together. */
const GROUP = 'browser-debug-inspect';
/** Most handles kept for one document; past it the group is released and the memory starts afresh. */
const MAX_HANDLES = 32;

/** A page-side handle on a node, with the functions made in the node's frame to run on it. */
export interface NodeHandle {
  objectId: string;
  /**
   * The handle of the function `maker` (a declaration run on the node that returns a function) made in the node's
   * frame by an earlier `make`; undefined when none was asked for, and resolving to undefined if making it failed.
   */
  made(maker: string): Promise<string | undefined> | undefined;
  /** Makes `maker`'s function for later calls, once per handle; it lives in the handle's group and goes with it. */
  make(maker: string): void;
}

interface Kept {
  objectId: string;
  functions: Map<string, Promise<string | undefined>>;
}

/** The handles of the session's current document, by backend node id (a new document has new objects). */
function handlesOf(session: DocumentSession): Map<number, Kept> {
  return perDocument(session, 'inspect-handles', () => new Map<number, Kept>());
}

async function freshHandle(session: DocumentSession, handles: Map<number, Kept>, backendNodeId: number) {
  if (handles.size >= MAX_HANDLES) {
    handles.clear();
    await session.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
  const entry = { objectId: await objectOf(session.send, backendNodeId, GROUP), functions: new Map() };
  handles.set(backendNodeId, entry);
  return entry;
}

function handleOf(session: DocumentSession, entry: Kept): NodeHandle {
  return {
    objectId: entry.objectId,
    made: (maker) => entry.functions.get(maker),
    make: (maker) => {
      if (entry.functions.has(maker)) return;
      const making = session
        .send<{ result: { objectId?: string } }>('Runtime.callFunctionOn', {
          objectId: entry.objectId,
          functionDeclaration: maker,
        })
        .then(({ result }) => result.objectId)
        .catch(() => undefined);
      entry.functions.set(maker, making);
    },
  };
}

/**
 * Runs `call` with a page-side handle (Runtime object id) on the node: the one an earlier inspection of the same
 * node kept, else a new one. A backend node id always names the same node, so a kept handle reads the node as it
 * is now, never an old copy; it only saves the `DOM.resolveNode` round trip before the call and the release after
 * it. A handle that went stale (a navigation, or the group released) fails its call, which then runs once more
 * with a new handle. Handles, and the functions made beside them, go with the debugger session (it detaches
 * after 10 s idle), at a new document, or all together past MAX_HANDLES; until then a kept handle keeps its node
 * from being collected.
 */
export async function withHandle<T>(
  session: DocumentSession,
  backendNodeId: number,
  call: (handle: NodeHandle) => Promise<T>,
): Promise<T> {
  const handles = handlesOf(session);
  const entry = handles.get(backendNodeId);
  if (entry !== undefined) {
    try {
      return await call(handleOf(session, entry));
    } catch (error) {
      // The page's own answer (a CommandError) stands; a protocol error means the handle is gone.
      if (error instanceof CommandError) throw error;
      if (handles.get(backendNodeId) === entry) handles.delete(backendNodeId);
    }
  }
  return call(handleOf(session, await freshHandle(session, handles, backendNodeId)));
}
