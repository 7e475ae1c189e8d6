/** Small DOM helpers the dashboard's parts share. */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** Sets text only when it changed, so a live update does not disturb a selection or a screen reader. */
export function setText(node: Element, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * Makes `container`'s children match `items`, reusing the element of each key: a row keeps its focus,
 * its expanded state and its place while entries stream in. `update` refreshes a kept row's content.
 */
export function reconcile<T>(
  container: HTMLElement,
  items: readonly T[],
  key: (item: T) => string,
  create: (item: T) => HTMLElement,
  update: (element: HTMLElement, item: T) => void,
): void {
  const existing = new Map<string, HTMLElement>();
  for (const child of Array.from(container.children) as HTMLElement[])
    if (child.dataset.key) existing.set(child.dataset.key, child);
  let cursor = container.firstElementChild as HTMLElement | null;
  for (const item of items) {
    const id = key(item);
    let element = existing.get(id);
    if (element) {
      existing.delete(id);
      update(element, item);
    } else {
      element = create(item);
      element.dataset.key = id;
    }
    if (element !== cursor) container.insertBefore(element, cursor);
    else cursor = cursor.nextElementSibling as HTMLElement | null;
  }
  for (const stale of existing.values()) stale.remove();
}

/**
 * Keeps what the reader looks at in place when rows are inserted above it: measures the first row in
 * view before the change and scrolls by however far it moved. At the very top, new rows simply show.
 */
export function keepScroll(list: HTMLElement, change: () => void): void {
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollTop <= 0) return change();
  const rows = Array.from(list.children) as HTMLElement[];
  const anchor = rows.find((row) => row.getBoundingClientRect().bottom > 0);
  const before = anchor?.getBoundingClientRect().top;
  change();
  if (anchor && before !== undefined && anchor.isConnected)
    scroller.scrollTop += anchor.getBoundingClientRect().top - before;
}
