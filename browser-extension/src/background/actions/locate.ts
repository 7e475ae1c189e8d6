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
    throw new CommandError(
      'INVALID_ARGUMENT',
      `'${css}' is not a valid CSS selector. Pass a CSS selector such as "form" or "#cart", or a ref such as "e7".`,
    );
  }
  if (!nodeIds.length)
    throw new CommandError(
      'NO_MATCH',
      `No element matches '${css}' on this page. Take a snapshot without selector to see what is there.`,
    );
  const described = await Promise.all(
    nodeIds
      .slice(0, MAX_MATCHES)
      .map((nodeId) => send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId })),
  );
  return described.map(({ node }) => node.backendNodeId);
}

/** The first element a CSS selector matches: for callers (such as Recorder replay) that locate nodes without a ref. */
export async function resolveSelector(send: Send, css: string): Promise<number> {
  return (await resolveSelectorAll(send, css))[0]!;
}

/** A JS handle on the node (in `objectGroup` when given), or the stale-ref error when it left the document. */
export async function objectOf(send: Send, backendNodeId: number, objectGroup?: string): Promise<string> {
  try {
    const { object } = await send<{ object: { objectId?: string } }>('DOM.resolveNode', {
      backendNodeId,
      ...(objectGroup ? { objectGroup } : {}),
    });
    if (object.objectId) return object.objectId;
  } catch {
    // fall through: the node is gone
  }
  throw new CommandError(
    'STALE_REF',
    'That element is no longer on the page (it was removed or re-rendered). Take a new snapshot and use its refs.',
  );
}

/**
 * Lets the page free the JS handles a call took: every handle is released once its call is done. Not awaited:
 * commands on a session run in order, so nothing later can use a released handle, and the action does not wait
 * one more round trip through Chrome's UI thread (the busiest thread with many agents) for a release.
 */
export function releaseObjects(send: Send, objectIds: (string | undefined)[]): void {
  for (const objectId of objectIds)
    if (objectId) void send('Runtime.releaseObject', { objectId }).catch(() => undefined);
}

/** Calls `fn` with the node as `this`; returns its value. */
export async function callOn<T>(send: Send, backendNodeId: number, fn: string, args: unknown[] = []): Promise<T> {
  const objectId = await objectOf(send, backendNodeId);
  try {
    const { result, exceptionDetails } = await send<{
      result: { value?: T };
      exceptionDetails?: { text?: string; exception?: { description?: string } };
    }>('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration: fn,
      arguments: args.map((value) => ({ value })),
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails)
      throw new CommandError(
        'COMMAND_FAILED',
        exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'The page refused the call.',
      );
    return result.value as T;
  } finally {
    releaseObjects(send, [objectId]);
  }
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

/** The first rendered element with this accessible name (and role): DevTools Recorder's `aria/Name` and `aria/Name[role="button"]` selectors. */
export async function resolveAria(send: Send, name: string, role?: string): Promise<number> {
  const { root } = await send<{ root: { backendNodeId: number } }>('DOM.getDocument', { depth: 0 });
  const { nodes } = await send<{ nodes: { backendDOMNodeId?: number; ignored?: boolean }[] }>(
    'Accessibility.queryAXTree',
    { backendNodeId: root.backendNodeId, accessibleName: name, ...(role ? { role } : {}) },
  );
  const found = nodes.find((node) => !node.ignored && node.backendDOMNodeId !== undefined);
  if (!found)
    throw new CommandError(
      'NO_MATCH',
      `No element is named "${name}"${role ? ` with role ${role}` : ''} on this page. Take a snapshot to see the names.`,
    );
  return found.backendDOMNodeId!;
}

/**
 * The first element DevTools' own search finds: CSS, XPath or plain text, across shadow roots. Text matches
 * a text node; its element is the answer.
 */
export async function resolveBySearch(send: Send, query: string, textOnly = false): Promise<number> {
  await send('DOM.getDocument', { depth: 0 });
  const { searchId, resultCount } = await send<{ searchId: string; resultCount: number }>('DOM.performSearch', {
    query,
    includeUserAgentShadowDOM: false,
  });
  try {
    if (!resultCount)
      throw new CommandError(
        'NO_MATCH',
        `Nothing on this page matches '${query}'. Take a snapshot to see what is there.`,
      );
    const { nodeIds } = await send<{ nodeIds: number[] }>('DOM.getSearchResults', {
      searchId,
      fromIndex: 0,
      toIndex: Math.min(resultCount, 50),
    });
    const nodes = await Promise.all(
      nodeIds.map(
        async (nodeId) =>
          (
            await send<{ node: { backendNodeId: number; nodeType: number; nodeValue?: string } }>('DOM.describeNode', {
              nodeId,
            })
          ).node,
      ),
    );
    // Text: a text node that says exactly that wins over one that merely contains it (attributes do not count).
    const text =
      nodes.find((node) => node.nodeType === 3 && node.nodeValue?.trim() === query.trim()) ??
      nodes.find((node) => node.nodeType === 3);
    if (text) return parentElement(send, text.backendNodeId);
    const element = textOnly ? undefined : nodes.find((node) => node.nodeType === 1);
    if (element) return element.backendNodeId;
    throw new CommandError(
      'NO_MATCH',
      `Nothing on this page matches '${query}' as an element. Take a snapshot to see what is there.`,
    );
  } finally {
    await send('DOM.discardSearchResults', { searchId }).catch(() => undefined);
  }
}

async function parentElement(send: Send, backendNodeId: number): Promise<number> {
  const objectId = await objectOf(send, backendNodeId);
  const { result } = await send<{ result: { objectId?: string } }>('Runtime.callFunctionOn', {
    objectId,
    functionDeclaration: 'function () { return this.parentElement; }',
  });
  try {
    if (!result.objectId) throw new CommandError('NO_MATCH', 'That text is not inside an element.');
    return (await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { objectId: result.objectId })).node
      .backendNodeId;
  } finally {
    releaseObjects(send, [objectId, result.objectId]);
  }
}

/** A node from a DevTools Recorder selector: `aria/Name[role="button"]`, `text/…`, `xpath/…`, `pierce/…`, or CSS. */
export function resolveAnySelector(send: Send, selector: string): Promise<number> {
  const aria = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/.exec(selector);
  if (aria) return resolveAria(send, aria[1]!, aria[2]);
  const prefixed = /^(text|xpath|pierce)\/(.+)$/s.exec(selector);
  return prefixed ? resolveBySearch(send, prefixed[2]!, prefixed[1] === 'text') : resolveSelector(send, selector);
}

/**
 * A Recorder selector chain (`["my-app", "button.save"]`): the first part from the document, each next one
 * inside the element found so far (in its shadow root when it has one). CSS, `pierce/` and `xpath/` parts.
 * With `within` (a frame's document), the chain starts there, and its parts are CSS, `pierce/` or `xpath/`.
 */
export async function resolveChain(send: Send, chain: readonly string[], within?: number): Promise<number> {
  // In a frame's document (`within`), the first part too is looked up from there.
  let node =
    within === undefined
      ? await resolveAnySelector(send, chain[0] ?? '')
      : await resolveWithin(send, within, chain[0] ?? '');
  for (const part of chain.slice(1)) node = await resolveWithin(send, node, part);
  return node;
}

/** The element's shadow root, open or closed (CDP sees both), or undefined. */
async function shadowRootOf(send: Send, backendNodeId: number): Promise<number | undefined> {
  const { node } = await send<{ node: { shadowRoots?: { backendNodeId: number }[] } }>('DOM.describeNode', {
    backendNodeId,
  }).catch(() => ({ node: {} as { shadowRoots?: { backendNodeId: number }[] } }));
  return node.shadowRoots?.[0]?.backendNodeId;
}

async function resolveWithin(send: Send, backendNodeId: number, part: string): Promise<number> {
  // Inside the element's shadow root when it has one: a closed root too, which page script cannot open.
  const objectId = await objectOf(send, (await shadowRootOf(send, backendNodeId)) ?? backendNodeId);
  const { result } = await send<{ result: { objectId?: string; subtype?: string } }>('Runtime.callFunctionOn', {
    objectId,
    arguments: [{ value: part }],
    functionDeclaration: `function (part) {
      const root = this;
      if (part.startsWith('xpath/'))
        return document.evaluate(part.slice(6), root, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
      const css = part.startsWith('pierce/') ? part.slice(7) : part;
      const deep = (scope) => scope.querySelector(css) || [...scope.querySelectorAll('*')].reduce((found, host) => found || (host.shadowRoot && deep(host.shadowRoot)), null);
      return part.startsWith('pierce/') ? deep(root) : root.querySelector(css);
    }`,
  });
  try {
    if (result.subtype !== 'node' || !result.objectId)
      throw new CommandError('NO_MATCH', `No element matches '${part}' inside the element found so far.`);
    return (await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { objectId: result.objectId })).node
      .backendNodeId;
  } finally {
    releaseObjects(send, [objectId, result.objectId]);
  }
}
