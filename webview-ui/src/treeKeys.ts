/**
 * Keyboard use of a list of rows with role="tree": one row in the tab order (roving tabindex), arrows
 * move, Home/End jump, Enter or Space acts (expands, opens), Right expands and Left collapses.
 */
export interface TreeKeyActions {
  /** Enter or Space on a row. */
  activate(row: HTMLElement): void;
  /** Right/Left on an expandable row: true to expand, false to collapse. */
  expand?(row: HTMLElement, open: boolean): void;
}

const ITEM = '[role="treeitem"]';

export function treeKeys(list: HTMLElement, actions: TreeKeyActions): void {
  list.addEventListener('keydown', (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (!row || row.parentElement !== list) return;
    // Keys inside a row's details (a link to a frame) belong to that control.
    if (event.target !== row && ['Enter', ' '].includes(event.key)) return;
    const rows = Array.from(list.children).filter((child) => child.matches(ITEM)) as HTMLElement[];
    const index = rows.indexOf(row);
    const move = (to: number) => focusRow(list, rows[Math.max(0, Math.min(rows.length - 1, to))]);
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'Enter':
      case ' ':
        actions.activate(row);
        break;
      case 'ArrowRight':
        if (row.getAttribute('aria-expanded') === 'false') actions.expand?.(row, true);
        break;
      case 'ArrowLeft':
        if (row.getAttribute('aria-expanded') === 'true') actions.expand?.(row, false);
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  list.addEventListener('focusin', (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>(ITEM);
    if (row && row.parentElement === list) setActive(list, row);
  });
}

export function focusRow(list: HTMLElement, row: HTMLElement | undefined): void {
  if (!row) return;
  setActive(list, row);
  row.focus();
}

/** Exactly one row is in the tab order: the active one, else the first. */
export function setActive(list: HTMLElement, row?: HTMLElement): void {
  const rows = Array.from(list.children).filter((child) => child.matches(ITEM)) as HTMLElement[];
  const active = row ?? rows.find((candidate) => candidate.tabIndex === 0) ?? rows[0];
  for (const candidate of rows) candidate.tabIndex = candidate === active ? 0 : -1;
}
