import type { CaptureFeed } from '../captureFeed';
import { groupByPageLoad, type Group } from './pageLoadGroups';
import { RefreshableView } from './refreshableView';

export function isGroup<T>(node: Group<T> | T): node is Group<T> {
  return typeof node === 'object' && node !== null && 'entries' in node && 'pageLoadId' in node && !('seq' in node);
}

/**
 * A tree of entries grouped by page load. Group objects live across refreshes, so a new entry
 * refreshes only its own group: each refresh costs VS Code one children request instead of one per
 * expanded group, which is what keeps a live Console view quick.
 */
export abstract class GroupedView<T extends { pageLoadId: string; seq: number }> extends RefreshableView<Group<T> | T> {
  private groups: Group<T>[] = [];
  private readonly byId = new Map<string, Group<T>>();

  constructor(protected readonly feed: CaptureFeed) {
    super();
  }

  /** The entries to show, oldest first. */
  protected abstract entries(): readonly T[];

  override refresh(): void {
    const fresh = groupByPageLoad(this.entries(), this.feed.pageLoads);
    const sameGroups =
      fresh.length === this.groups.length && fresh.every((group, i) => group.pageLoadId === this.groups[i]!.pageLoadId);
    const touched: Group<T>[] = [];
    this.groups = fresh.map((group) => {
      const kept = this.byId.get(group.pageLoadId);
      if (!kept) {
        this.byId.set(group.pageLoadId, group);
        return group;
      }
      if (
        kept.entries.length !== group.entries.length ||
        kept.entries[0] !== group.entries[0] ||
        kept.page !== group.page
      )
        touched.push(kept);
      kept.entries = group.entries;
      kept.page = group.page;
      return kept;
    });
    for (const id of [...this.byId.keys()]) if (!fresh.some((group) => group.pageLoadId === id)) this.byId.delete(id);
    if (!sameGroups) this.changed.fire(undefined);
    else if (touched.length) this.changed.fire(touched);
  }

  getChildren(node?: Group<T> | T): (Group<T> | T)[] {
    if (!node) return this.groups;
    return isGroup(node) ? node.entries : [];
  }
}
