import type { Send } from '../debuggerSession';
import type { ActionSession } from '../actions/actionSession';
import type { RefElement } from '../actions/refs';

/** A selector's first match inside an out-of-process iframe, with how many matched there and the frame's URL. */
export interface FramedMatch extends RefElement {
  matches: number;
  frameUrl: string;
}

/** The backend ids of a selector's matches in one document; none for a selector the page cannot parse. */
async function matchesIn(send: Send, selector: string): Promise<number[]> {
  try {
    const { root } = await send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await send<{ nodeIds: number[] }>('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
    if (!nodeIds.length) return [];
    const { node } = await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: nodeIds[0] });
    return [node.backendNodeId, ...nodeIds.slice(1)];
  } catch {
    return [];
  }
}

/**
 * Where a CSS selector finds its element when the tab's page has none: each out-of-process iframe's own document
 * (its child session), in the order they attached, the first frame with a match winning. Undefined when the page
 * itself matches (or the selector is invalid: the page's query then says so), and when no frame matches either.
 */
export async function selectorInFrames(session: ActionSession, selector: string): Promise<FramedMatch | undefined> {
  if ((await matchesIn(session.send, selector)).length) return undefined;
  for (const frame of session.targets.list()) {
    if (frame.type !== 'iframe') continue;
    const found = await matchesIn(session.targets.sender(frame.sessionId), selector);
    if (found.length)
      return { backendNodeId: found[0]!, targetId: frame.targetId, matches: found.length, frameUrl: frame.url };
  }
  return undefined;
}
