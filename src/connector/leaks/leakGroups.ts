import type { IHeapNode } from '@memlab/core';

/** Node types that are V8's own storage (code, maps, strings, numbers, backing arrays), never a group. */
const INTERNAL_TYPES = new Set([
  'hidden',
  'array',
  'string',
  'code',
  'number',
  'synthetic',
  'concatenated string',
  'sliced string',
  'symbol',
  'bigint',
  'object shape',
  'regexp',
]);

/**
 * What the browser itself keeps per cycle: the performance timeline's entries (event timing, paints,
 * interactions, soft navigations) and Blink's and V8's internal records. They grow with every replayed
 * click, and are not the page's leak.
 */
const BOOKKEEPING =
  /^(Performance\w*|LargestContentfulPaint|InteractionContentfulPaint|LayoutShift\w*|VisibilityStateEntry|TaskAttributionTiming|EventCounts|(blink|v8|cppgc|gfx)::.*|system \/ .*|V8\w*|InternalNode|EventListener|Detached (blink|v8)::.*|\(.*\))$/;

/** DOM wrappers: their detached node is the group (`Detached <tag>`), so the wrapper is not counted twice. */
const DOM_WRAPPER =
  /^(HTML\w*Element|SVG\w*Element|Text|Comment|DocumentFragment|CSSStyleDeclaration|DOMStringMap|DOMTokenList|NamedNodeMap|Attr)$/;

export function bookkeeping(node: IHeapNode): boolean {
  return INTERNAL_TYPES.has(node.type) || BOOKKEEPING.test(node.name);
}

/**
 * The group a leaked object counts in: `Detached <tag>` for a DOM node cut from the page (the native node,
 * whether or not a JS wrapper still points at it), `name()` for a closure, the constructor for an object.
 * Undefined for what is not the page's own (attached natives, DOM wrappers, nameless internals).
 */
export function groupKey(node: IHeapNode): string | undefined {
  if (node.type === 'native') {
    const detached = /^Detached <([a-zA-Z][\w-]*)/.exec(node.name);
    if (detached) return `Detached <${detached[1]!.toLowerCase()}>`;
    return node.name === 'Detached Text' ? 'Detached Text' : undefined;
  }
  if (node.type === 'closure') return `${node.name || '(anonymous)'}()`;
  if (node.type !== 'object' || !node.name || DOM_WRAPPER.test(node.name)) return undefined;
  return node.name.length > 80 ? `${node.name.slice(0, 79)}…` : node.name;
}
