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

/** `14:03:07 · Title — host/path`: when the load began, then what it loaded. */
export function pageLabel(group: Group<unknown>): string {
  if (!group.page) return group.pageLoadId === 'unknown' ? 'Earlier captures' : 'Page load';
  const time = group.page.startedAt ? `${new Date(group.page.startedAt).toLocaleTimeString()} · ` : '';
  return time + pageName(group.page);
}

/** The group's description: the current load of its tab says so, then how many rows it holds. */
export function pageDescription(group: Group<unknown>, count: string): string {
  return group.page && !group.page.replaced ? `● current · ${count}` : count;
}

function pageName(page: PageLoad): string {
  let path = page.url;
  try {
    const url = new URL(page.url);
    path = url.host + url.pathname;
  } catch {
    // keep the raw URL
  }
  return page.title ? `${page.title} — ${path}` : path;
}
