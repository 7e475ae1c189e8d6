import type { PageLoad } from '../captureFeed';

export interface Group<T> {
  pageLoadId: string;
  page: PageLoad | undefined;
  entries: T[];
}

/** Entries grouped by page load, newest load first and newest entry first within it. */
export function groupByPageLoad<T extends { pageLoadId: string; seq: number }>(
  entries: readonly T[],
  pages: ReadonlyMap<string, PageLoad>,
): Group<T>[] {
  const groups = new Map<string, Group<T>>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    let group = groups.get(entry.pageLoadId);
    if (!group)
      groups.set(
        entry.pageLoadId,
        (group = { pageLoadId: entry.pageLoadId, page: pages.get(entry.pageLoadId), entries: [] }),
      );
    group.entries.push(entry);
  }
  return [...groups.values()];
}

export function pageLabel(group: Group<unknown>): string {
  if (!group.page) return group.pageLoadId === 'unknown' ? 'Earlier captures' : 'Page load';
  let path = group.page.url;
  try {
    const url = new URL(group.page.url);
    path = url.host + url.pathname;
  } catch {
    // keep the raw URL
  }
  return group.page.title ? `${group.page.title} — ${path}` : path;
}
