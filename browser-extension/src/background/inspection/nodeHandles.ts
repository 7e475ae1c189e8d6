import type { ActionSession } from '../actions/actionSession';
import { objectOf } from '../actions/locate';
import { CommandError } from '../commandError';

/** The page-side handles inspections keep live, released together. */
const GROUP = 'browser-debug-inspect';
/** Most handles kept per session; past it the group is released and the memory starts afresh. */
const MAX_HANDLES = 32;

const kept = new WeakMap<ActionSession, Map<number, string>>();

function handlesOf(session: ActionSession): Map<number, string> {
  let handles = kept.get(session);
  if (!handles) {
    const fresh = new Map<number, string>();
    // A new document has new objects: the old handles answer nothing (and a call on one fails, see below).
    session.on('DOM.documentUpdated', () => fresh.clear());
    kept.set(session, (handles = fresh));
  }
  return handles;
}

async function freshHandle(session: ActionSession, handles: Map<number, string>, backendNodeId: number) {
  if (handles.size >= MAX_HANDLES) {
    handles.clear();
    await session.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => undefined);
  }
  const objectId = await objectOf(session.send, backendNodeId, GROUP);
  handles.set(backendNodeId, objectId);
  return objectId;
}

/**
 * Runs `call` with a page-side handle (Runtime object id) on the node: the one an earlier inspection of the same
 * node kept, else a new one. A backend node id always names the same node, so a kept handle reads the node as it
 * is now, never an old copy; it only saves the `DOM.resolveNode` round trip before the call and the release after
 * it. A handle that went stale (a navigation, or the group released) fails its call, which then runs once more
 * with a new handle. Handles go with the debugger session (it detaches after 10 s idle), at a new document, or
 * all together past MAX_HANDLES; until then a kept handle keeps its node from being collected.
 */
export async function withHandle<T>(
  session: ActionSession,
  backendNodeId: number,
  call: (objectId: string) => Promise<T>,
): Promise<T> {
  const handles = handlesOf(session);
  const objectId = handles.get(backendNodeId);
  if (objectId !== undefined) {
    try {
      return await call(objectId);
    } catch (error) {
      // The page's own answer (a CommandError) stands; a protocol error means the handle is gone.
      if (error instanceof CommandError) throw error;
      if (handles.get(backendNodeId) === objectId) handles.delete(backendNodeId);
    }
  }
  return call(await freshHandle(session, handles, backendNodeId));
}
