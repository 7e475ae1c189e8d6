import { CommandError } from '../commandError';
import type { Send } from '../debuggerSession';

/** Most elements a selector snapshot covers. */
const MAX_MATCHES = 50;

/** The backend node ids of the elements a CSS selector matches (in the main frame), in document order. */
export async function resolveSelectorAll(send: Send, css: string): Promise<number[]> {
  const { root } = await send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 });
  let nodeIds: number[];
  try {
    ({ nodeIds } = await send<{ nodeIds: number[] }>('DOM.querySelectorAll', { nodeId: root.nodeId, selector: css }));
  } catch {
    throw new CommandError('INVALID_ARGUMENT', `'${css}' is not a valid CSS selector. Pass a CSS selector such as "form" or "#cart", or a ref such as "e7".`);
  }
  if (!nodeIds.length) throw new CommandError('NO_MATCH', `No element matches '${css}' on this page. Take a snapshot without selector to see what is there.`);
  const described = await Promise.all(nodeIds.slice(0, MAX_MATCHES).map((nodeId) => send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId })));
  return described.map(({ node }) => node.backendNodeId);
}

/** The first element a CSS selector matches: for callers (such as Recorder replay) that locate nodes without a ref. */
export async function resolveSelector(send: Send, css: string): Promise<number> {
  return (await resolveSelectorAll(send, css))[0]!;
}

/** A JS handle on the node, or the stale-ref error when it left the document. */
export async function objectOf(send: Send, backendNodeId: number): Promise<string> {
  try {
    const { object } = await send<{ object: { objectId?: string } }>('DOM.resolveNode', { backendNodeId });
    if (object.objectId) return object.objectId;
  } catch {
    // fall through: the node is gone
  }
  throw new CommandError('STALE_REF', 'That element is no longer on the page (it was removed or re-rendered). Take a new snapshot and use its refs.');
}

/** Calls `fn` with the node as `this`; returns its value. */
export async function callOn<T>(send: Send, backendNodeId: number, fn: string, args: unknown[] = []): Promise<T> {
  const objectId = await objectOf(send, backendNodeId);
  const { result, exceptionDetails } = await send<{ result: { value?: T }; exceptionDetails?: { text?: string; exception?: { description?: string } } }>('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration: fn,
    arguments: args.map((value) => ({ value })),
    returnByValue: true,
    awaitPromise: true,
  });
  if (exceptionDetails) throw new CommandError('COMMAND_FAILED', exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'The page refused the call.');
  await send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  return result.value as T;
}

export interface NodeFacts {
  tag: string;
  label: string;
  disabled: boolean;
  connected: boolean;
}

/** Tag, a short label for messages, disabled (own or via fieldset/aria), and whether it is still in the document. */
export function nodeFacts(send: Send, backendNodeId: number): Promise<NodeFacts> {
  return callOn<NodeFacts>(
    send,
    backendNodeId,
    `function () {
      const el = this.nodeType === 1 ? this : this.parentElement;
      const text = (el?.getAttribute('aria-label') || el?.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
      const disabled = !!el && (el.matches(':disabled') || el.closest('[aria-disabled="true"]') !== null);
      return { tag: (el?.tagName || '').toLowerCase(), label: '<' + (el?.tagName || '').toLowerCase() + '>' + (text ? ' "' + text + '"' : ''), disabled, connected: this.isConnected };
    }`,
  );
}
