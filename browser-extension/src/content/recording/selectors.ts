/**
 * Selectors for a recorded step, best first, as DevTools Recorder writes them: `aria/Name`, then a
 * stable CSS selector (id, data-testid, then a short path), then `text/...`. Each alternative is a
 * one-part chain (`[["aria/Sign in"], ["#login"], ...]`).
 */
import { finder, idName } from '@medv/finder';
import { FINDER_BUDGET, UNSTABLE_ID } from '../../common/finderBudget';
import { computeAccessibleName } from 'dom-accessibility-api';

const TEST_ATTRIBUTES = ['data-testid', 'data-test', 'data-cy', 'data-qa'];
const MAX_NAME = 80;

export function selectorsFor(element: Element): string[][] {
  const root = element.getRootNode();
  if (root instanceof ShadowRoot) return shadowChains(element, root);
  const found: string[] = [];
  const aria = ariaSelector(element);
  if (aria) found.push(aria);
  for (const css of cssSelectors(element)) if (!found.includes(css)) found.push(css);
  const text = textSelector(element);
  if (text) found.push(text);
  return found.map((selector) => [selector]);
}

/**
 * The accessible name as the W3C accname algorithm computes it (dom-accessibility-api): what Chrome's
 * accessibility tree reports, which replay looks an `aria/Name` selector up by. aria-labelledby chains,
 * hidden text, `<label for>` and embedded controls are the cases a rough version got wrong.
 */
export function accessibleName(element: Element): string {
  return clean(computeAccessibleName(element));
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Elements Chrome's accessibility tree can name (from their content, a title or a caption), as an aria/ query finds them. */
const NAMED = [
  'a,button,input,select,textarea,[role],summary,img,label,output',
  'h1,h2,h3,h4,h5,h6,th,td,option,fieldset,legend,table,caption,figure,figcaption,dialog,iframe,frame,area',
].join(',');

function ariaSelector(element: Element): string | undefined {
  const name = accessibleName(element);
  if (!name || name.length > MAX_NAME) return undefined;
  // Only when the name is unique among the page's named elements: replay takes the first match, and a heading
  // named "Checkout" above a "Checkout" button would be clicked instead of it.
  const same = [...element.ownerDocument.querySelectorAll(NAMED)].filter(
    (other) => other !== element && accessibleName(other) === name,
  );
  return same.length ? undefined : `aria/${name}`;
}

/**
 * An element inside a shadow root (open or closed), as DevTools Recorder writes it: a chain from the outermost
 * host down, each part a CSS selector inside the shadow root of the element before it, one chain per CSS
 * alternative of the element itself. Replay opens closed roots over CDP, and exports pierce them.
 */
function shadowChains(element: Element, root: ShadowRoot): string[][] {
  const host = root.host;
  const hostChain = selectorsFor(host).find(
    (chain) => !chain[0]!.startsWith('aria/') && !chain[0]!.startsWith('text/'),
  );
  if (!hostChain) return [];
  return cssSelectors(element, root).map((css) => [...hostChain, css]);
}

function cssSelectors(element: Element, scope: Document | ShadowRoot = element.ownerDocument): string[] {
  const result: string[] = [];
  const unique = (selector: string) => {
    try {
      return scope.querySelectorAll(selector).length === 1;
    } catch {
      return false;
    }
  };
  if (element.id && !UNSTABLE_ID.test(element.id) && unique(`#${CSS.escape(element.id)}`))
    result.push(`#${CSS.escape(element.id)}`);
  for (const attribute of TEST_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    const selector = value && `[${attribute}="${CSS.escape(value)}"]`;
    if (selector && unique(selector)) result.push(selector);
  }
  const name = element.getAttribute('name');
  const byName = name && `${element.tagName.toLowerCase()}[name="${CSS.escape(name)}"]`;
  if (byName && unique(byName)) result.push(byName);
  const path = shortPath(element, scope);
  if (path && !result.includes(path)) result.push(path);
  return result;
}

/**
 * The shortest unique CSS path (@medv/finder) within `scope`: word-like ids, classes and attributes,
 * never an id that looks generated. Inside a shadow root the search is scoped to that root (finder
 * accepts any node with `querySelectorAll`; its type says Element). Undefined when finder finds none.
 */
function shortPath(element: Element, scope: Document | ShadowRoot): string | undefined {
  try {
    return finder(element, {
      root: scope instanceof ShadowRoot ? (scope as unknown as Element) : element.ownerDocument.body,
      idName: (id) => !UNSTABLE_ID.test(id) && idName(id),
      ...FINDER_BUDGET,
    });
  } catch {
    return undefined;
  }
}

function textSelector(element: Element): string | undefined {
  const text = clean((element as HTMLElement).innerText ?? '');
  if (!text || text.length > 50 || element.children.length > 2) return undefined;
  return `text/${text}`;
}
