import type { Send } from '../debuggerSession';
import type { ActionSession } from '../actions/actionSession';
import type { RefElement } from '../actions/refs';

/**
 * A selector's first match outside the top document, with how many matched in that document and where it was:
 * a frame (its URL), an open shadow root (its host), or both for a shadow root inside a frame.
 */
export interface FramedMatch extends RefElement {
  matches: number;
  frameUrl?: string;
  shadowHost?: string;
}

/** The fields of `DOM.getDocument {pierce}` nodes read here. */
interface DomNode {
  nodeId: number;
  nodeName?: string;
  localName?: string;
  attributes?: string[];
  documentURL?: string;
  shadowRootType?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
}

/** A document or open shadow root of the page's own process, and where it is (for the answer). */
interface InnerRoot {
  nodeId: number;
  frameUrl?: string;
  shadowHost?: string;
}

/** The backend ids of a selector's matches under one root node; none for a selector the page cannot parse. */
async function matchesUnder(send: Send, nodeId: number, selector: string): Promise<number[]> {
  try {
    const { nodeIds } = await send<{ nodeIds: number[] }>('DOM.querySelectorAll', { nodeId, selector });
    if (!nodeIds.length) return [];
    const { node } = await send<{ node: { backendNodeId: number } }>('DOM.describeNode', { nodeId: nodeIds[0] });
    return [node.backendNodeId, ...nodeIds.slice(1)];
  } catch {
    return [];
  }
}

async function matchesIn(send: Send, selector: string): Promise<number[]> {
  const { root } = await send<{ root: { nodeId: number } }>('DOM.getDocument', { depth: 0 }).catch(() => ({
    root: undefined,
  }));
  return root ? matchesUnder(send, root.nodeId, selector) : [];
}

/** How the answer names a shadow host: `tag#id`, else `tag.class`, else the tag. */
function hostLabel(node: DomNode): string {
  const attributes = node.attributes ?? [];
  const value = (name: string) => {
    const at = attributes.findIndex((item, i) => i % 2 === 0 && item === name);
    return at < 0 ? undefined : attributes[at + 1];
  };
  const tag = node.localName || String(node.nodeName ?? '').toLowerCase();
  const id = value('id');
  const className = value('class')?.trim().split(/\s+/)[0];
  return id ? `${tag}#${id}` : className ? `${tag}.${className}` : tag;
}

/**
 * The in-process frames' documents and open shadow roots under `node`, in document order (a root before
 * what is nested in it). Closed roots are left out, as `querySelector` from the page cannot reach them either.
 */
function innerRoots(node: DomNode, where: Omit<InnerRoot, 'nodeId'>, out: InnerRoot[] = []): InnerRoot[] {
  for (const root of node.shadowRoots ?? [])
    if (root.shadowRootType === 'open') {
      const inside = { ...where, shadowHost: hostLabel(node) };
      out.push({ nodeId: root.nodeId, ...inside });
      innerRoots(root, inside, out);
    }
  if (node.contentDocument) {
    const inside = { frameUrl: node.contentDocument.documentURL };
    out.push({ nodeId: node.contentDocument.nodeId, ...inside });
    innerRoots(node.contentDocument, inside, out);
  }
  for (const child of node.children ?? []) innerRoots(child, where, out);
  return out;
}

/** The first in-process frame document or open shadow root where the selector matches. */
async function selectorInsidePage(session: ActionSession, selector: string): Promise<FramedMatch | undefined> {
  const { root } = await session
    .send<{ root: DomNode }>('DOM.getDocument', { depth: -1, pierce: true })
    .catch(() => ({ root: undefined }));
  if (!root) return undefined;
  for (const inner of innerRoots(root, {})) {
    const found = await matchesUnder(session.send, inner.nodeId, selector);
    if (found.length) {
      const { nodeId: _root, ...where } = inner;
      return { backendNodeId: found[0]!, matches: found.length, ...where };
    }
  }
  return undefined;
}

/**
 * Where a CSS selector finds its element when the tab's page has none: the page's same-process frames and open
 * shadow roots (in document order), then each out-of-process iframe's own document (its child session, in the
 * order they attached); the first with a match wins. Undefined when the page itself matches (or the selector is
 * invalid: the page's query then says so), and when nothing matches anywhere.
 */
export async function selectorInFrames(session: ActionSession, selector: string): Promise<FramedMatch | undefined> {
  if ((await matchesIn(session.send, selector)).length) return undefined;
  const inside = await selectorInsidePage(session, selector);
  if (inside) return inside;
  for (const frame of session.targets.list()) {
    if (frame.type !== 'iframe') continue;
    const found = await matchesIn(session.targets.sender(frame.sessionId), selector);
    if (found.length)
      return { backendNodeId: found[0]!, targetId: frame.targetId, matches: found.length, frameUrl: frame.url };
  }
  return undefined;
}
