/**
 * Elements inside shadow roots as the extension's isolated world sees them. An event seen from the window stops
 * at a closed root's host; `chrome.dom.openOrClosedShadowRoot` (extension worlds only) opens closed roots as
 * DevTools does, so picks and recorded steps name the element the person used, not its host.
 */

const MAX_DEPTH = 32;

function shadowOf(element: Element): ShadowRoot | null {
  return element instanceof HTMLElement ? (chrome.dom?.openOrClosedShadowRoot(element) ?? null) : null;
}

/** The innermost element at a point (viewport coordinates), starting from the one an event reported. */
export function deepestAt(element: Element, x: number, y: number): Element {
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const inner = shadowOf(element)?.elementFromPoint(x, y);
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}

/** The focused element inside `element`'s shadow roots, or `element` itself. */
export function deepestFocused(element: Element): Element {
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const inner = shadowOf(element)?.activeElement;
    if (!inner || inner === element) break;
    element = inner;
  }
  return element;
}
