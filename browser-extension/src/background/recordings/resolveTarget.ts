import type { Send } from '../debuggerSession';

/** Where an element is, in viewport CSS pixels, and whether it can take input there. */
export interface TargetBox {
  objectId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Why it cannot take input yet (hidden, disabled, covered); undefined when it can. */
  blocked?: string;
}

interface RemoteObject {
  objectId?: string;
  subtype?: string;
  value?: unknown;
}

/** Runs in the page: CSS (through shadow roots part by part), `text/`, `xpath/` and `pierce/` chains. */
function findInPage(chain: string[]): Element | null {
  const deepQuery = (root: ParentNode, selector: string): Element | null => {
    const found = root.querySelector(selector);
    if (found) return found;
    for (const host of root.querySelectorAll('*'))
      if (host.shadowRoot) {
        const inner = deepQuery(host.shadowRoot, selector);
        if (inner) return inner;
      }
    return null;
  };
  const byText = (root: ParentNode, text: string): Element | null => {
    let best: Element | null = null;
    for (const element of root.querySelectorAll('body *')) {
      const own = ((element as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
      if (own === text || (!best && own.includes(text))) best = element;
    }
    return best;
  };
  let root: ParentNode = document;
  let element: Element | null = null;
  for (const part of chain) {
    if (part.startsWith('xpath/'))
      element = document.evaluate(part.slice(6), root as Node, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null)
        .singleNodeValue as Element | null;
    else if (part.startsWith('pierce/')) element = deepQuery(root, part.slice(7));
    else if (part.startsWith('text/')) element = byText(root, part.slice(5));
    else element = root.querySelector(part);
    if (!element) return null;
    root = element.shadowRoot ?? element;
  }
  return element;
}

/** Runs on the element: brings it into view and says where it is and whether input would reach it. */
function boxOf(
  this: Element,
  offsetX: number | null,
  offsetY: number | null,
): { x: number; y: number; width: number; height: number; blocked?: string } {
  (this as Element & { scrollIntoViewIfNeeded?(center: boolean): void }).scrollIntoViewIfNeeded?.(true);
  const rect = this.getBoundingClientRect();
  const style = getComputedStyle(this);
  const box = { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
  if (!rect.width || !rect.height || style.visibility === 'hidden' || style.display === 'none')
    return { ...box, blocked: 'it is hidden' };
  if ((this as HTMLInputElement).disabled) return { ...box, blocked: 'it is disabled' };
  const px = rect.left + Math.min(offsetX ?? rect.width / 2, rect.width - 1);
  const py = rect.top + Math.min(offsetY ?? rect.height / 2, rect.height - 1);
  const hit = document.elementFromPoint(px, py);
  if (hit && hit !== this && !this.contains(hit) && !hit.contains(this) && !(this instanceof HTMLLabelElement)) {
    const name = hit.id ? `#${hit.id}` : hit.tagName.toLowerCase();
    return { ...box, blocked: `it is covered by ${name}` };
  }
  return box;
}

/** One selector alternative to an object id in the page, or undefined when nothing matches now. */
async function findOne(send: Send, chain: string[]): Promise<string | undefined> {
  const first = chain[0] ?? '';
  if (first.startsWith('aria/') && chain.length === 1) return findByAria(send, first.slice(5));
  const expression = `(${findInPage.toString()})(${JSON.stringify(chain)})`;
  const { result } = await send<{ result: RemoteObject }>('Runtime.evaluate', { expression, returnByValue: false });
  return result.subtype === 'node' ? result.objectId : undefined;
}

/** `aria/Name` or `aria/Name[role="button"]`: the browser's accessibility tree, by role and accessible name. */
async function findByAria(send: Send, query: string): Promise<string | undefined> {
  const match = /^(.*?)(?:\[role="([^"]+)"\])?$/.exec(query);
  const name = match?.[1] ?? query;
  const role = match?.[2];
  const { result: documentObject } = await send<{ result: RemoteObject }>('Runtime.evaluate', {
    expression: 'document',
  });
  const { nodes } = await send<{
    nodes: { ignored?: boolean; role?: { value?: string }; backendDOMNodeId?: number }[];
  }>('Accessibility.queryAXTree', {
    objectId: documentObject.objectId,
    accessibleName: name,
    ...(role ? { role } : {}),
  });
  const node = nodes.find(
    (candidate) =>
      !candidate.ignored &&
      candidate.backendDOMNodeId &&
      !['StaticText', 'InlineTextBox'].includes(candidate.role?.value ?? ''),
  );
  if (!node) return undefined;
  const { object } = await send<{ object: RemoteObject }>('DOM.resolveNode', { backendNodeId: node.backendDOMNodeId });
  return object.objectId;
}

export type FoundTarget = { found: TargetBox } | { missing: string };

/** Tries each alternative in order, once; the caller repeats until the step's timeout. */
export async function resolveTarget(
  send: Send,
  selectors: string[][],
  offsets: { x?: number; y?: number } = {},
): Promise<FoundTarget> {
  let reason = `no element matches ${selectors.map((chain) => chain.join(' >> ')).join(' or ')}`;
  for (const chain of selectors) {
    const objectId = await findOne(send, chain).catch(() => undefined);
    if (!objectId) continue;
    const { result } = await send<{ result: { value?: Omit<TargetBox, 'objectId'> } }>('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration: boxOf.toString(),
      arguments: [{ value: offsets.x ?? null }, { value: offsets.y ?? null }],
      returnByValue: true,
    });
    const box = result.value;
    if (!box) continue;
    if (!box.blocked) return { found: { objectId, ...box } };
    reason = `the element for ${chain.join(' >> ')} is there but ${box.blocked}`;
  }
  return { missing: reason };
}

/** Normalises the two selector shapes Recorder writes (`["a", "b"]` or `[["a"], ["b"]]`). */
export function selectorChains(selectors: unknown): string[][] {
  if (!Array.isArray(selectors)) return [];
  return selectors.map((entry) => (Array.isArray(entry) ? entry.map(String) : [String(entry)]));
}
