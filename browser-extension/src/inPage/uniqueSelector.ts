/**
 * A CSS selector that finds one element alone, made by @medv/finder. This module is never imported: code that
 * runs as self-contained source inside the page (DevTools' `inspectedWindow.eval`, CDP `callFunctionOn`)
 * embeds it as a string, `import source from 'inpage:uniqueSelector'` (scripts/inPageSource.mjs bundles it
 * into one expression whose value is this module's exports), so nothing is left on the page's `window`.
 */
import { finder, idName } from '@medv/finder';
import { FINDER_BUDGET, UNSTABLE_ID } from '../common/finderBudget';

/** What joins the selectors of a shadow host and of an element in its shadow root (Puppeteer's deep combinator). */
export const SHADOW_JOIN = ' >>> ';

/**
 * The shortest unique selector of `element` within its own tree (the document, or the shadow root it is in),
 * preceded by its hosts' selectors joined with `>>>` when it is in a shadow root. Frames are the caller's:
 * each frame runs this in its own document. An element finder cannot place (detached) gets its tag name.
 */
export function uniqueSelector(element: Element): string {
  const parts: string[] = [];
  for (let at: Element | undefined = element; at;) {
    const root: Node = at.getRootNode();
    // By node type, not `instanceof`: DevTools may select an element of a same-origin frame (another realm).
    const shadow: ShadowRoot | undefined =
      root.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? (root as ShadowRoot) : undefined;
    parts.unshift(within(at, shadow));
    at = shadow?.host;
  }
  return parts.join(SHADOW_JOIN);
}

function within(element: Element, shadow: ShadowRoot | undefined): string {
  try {
    return finder(element, {
      // finder accepts any node with `querySelectorAll` as its root; its type says Element.
      root: (shadow ?? element.ownerDocument) as unknown as Element,
      idName: (id) => !UNSTABLE_ID.test(id) && idName(id),
      ...FINDER_BUDGET,
    });
  } catch {
    return element.tagName.toLowerCase();
  }
}
