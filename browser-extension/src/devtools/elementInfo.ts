import uniqueSelectorSource from 'inpage:uniqueSelector';
import type { SelectedElement } from '../../../src/shared/protocol';

/**
 * Describes an element of the inspected page. It runs inside that page as text (see describeSource), so it
 * must not refer to anything outside itself: the selector maker comes in as an argument.
 */
function describeElement(el: Element | null, selectorOf: (el: Element) => string): SelectedElement | null {
  if (!el || el.nodeType !== 1) return null;
  const cap = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}…[truncated ${text.length - max} chars]` : text;
  const rect = el.getBoundingClientRect();
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(el.attributes)) attributes[attribute.name] = attribute.value;
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
    selector: selectorOf(el),
  };
}

/**
 * The expression DevTools evaluates in the inspected page to describe `target` (`$0`, its selection): no
 * global is left on the page, and the selector is @medv/finder's (browser-extension/src/inPage/uniqueSelector.ts).
 */
export function describeSource(target: string): string {
  return `(${describeElement.toString()})(${target}, ${uniqueSelectorSource}.uniqueSelector)`;
}
