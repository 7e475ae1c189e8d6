import type { DocumentSession } from '../actions/acting';
import { perDocument } from '../actions/perDocument';

/** Most ids remembered for one document; past it the memory starts afresh. */
const MAX_IDS = 500;

/** The ids of the session's current document (a new one gives out new ids). */
function idsOf(session: DocumentSession): Map<number, number> {
  return perDocument(session, 'frontend-ids', () => new Map<number, number>());
}

/**
 * The DOM domain's front-end id of a backend node (the CSS domain wants it), remembered per document so a second
 * inspection of the element skips the round trip. The DOM domain never gives an id out twice: one made stale (a
 * navigation, or another command asking for the document again) fails rather than naming another node, and the
 * caller then forgets it and asks again. 0 when the node is gone.
 */
export async function frontendId(
  session: DocumentSession,
  backendNodeId: number,
): Promise<{ nodeId: number; remembered: boolean }> {
  const ids = idsOf(session);
  const remembered = ids.get(backendNodeId);
  if (remembered) return { nodeId: remembered, remembered: true };
  const push = () =>
    session.send<{ nodeIds: number[] }>('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: [backendNodeId] });
  // The DOM domain keeps its document between calls: it is asked for only when it was not yet (or was reset).
  const { nodeIds } = await push().catch(async () => {
    await session.send('DOM.getDocument', { depth: 0 });
    return push();
  });
  const nodeId = nodeIds[0] ?? 0;
  if (nodeId) {
    if (ids.size >= MAX_IDS) ids.clear();
    ids.set(backendNodeId, nodeId);
  }
  return { nodeId, remembered: false };
}

export function forgetFrontendId(session: DocumentSession, backendNodeId: number): void {
  idsOf(session).delete(backendNodeId);
}
