import type { SelectedElement } from '../../../src/shared/protocol';

/**
 * Describes the element DevTools has selected (`$0`). It runs inside the inspected page through
 * `inspectedWindow.eval(String(describeElement))`, so it must not refer to anything outside itself.
 */
export function describeElement(el: Element | null): SelectedElement | null {
  if (!el || el.nodeType !== 1) return null;
  const cap = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}…[truncated ${text.length - max} chars]` : text;
  const rect = el.getBoundingClientRect();
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(el.attributes)) attributes[attribute.name] = attribute.value;
  const path: string[] = [];
  for (let node: Element | null = el; node && node.nodeType === 1 && path.length < 8; node = node.parentElement) {
    if (node.id) {
      path.unshift(`#${CSS.escape(node.id)}`);
      break;
    }
    const parent: Element | null = node.parentElement;
    const sameTag = parent ? Array.from(parent.children).filter((child) => child.tagName === node!.tagName) : [];
    const nth = sameTag.length > 1 ? `:nth-of-type(${sameTag.indexOf(node) + 1})` : '';
    path.unshift(`${node.tagName.toLowerCase()}${nth}`);
  }
  return {
    tagName: el.tagName,
    id: el.id,
    className:
      typeof (el as HTMLElement).className === 'string'
        ? (el as HTMLElement).className
        : (el.getAttribute('class') ?? ''),
    attributes,
    dimensions: {
      width: rect.width,
      height: rect.height,
      top: rect.top + window.scrollY,
      left: rect.left + window.scrollX,
    },
    innerHTML: cap(el.innerHTML, 10_000),
    textContent: cap(el.textContent ?? '', 5_000),
    selector: path.join(' > '),
  };
}
