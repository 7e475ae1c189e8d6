/**
 * The tab actions and snapshots target once `select_tab` picked one; until then the extension's own
 * choice (the locked tab, else the active one) holds. One per connector: every assistant session shares it.
 */
export class SelectedTab {
  private tabId: number | undefined;

  get id(): number | undefined {
    return this.tabId;
  }

  select(tabId: number): void {
    this.tabId = tabId;
  }

  /** Forgets a tab that closed, so commands fall back to the extension's choice. */
  forget(tabId?: number): void {
    if (tabId === undefined || tabId === this.tabId) this.tabId = undefined;
  }

  /** `{tabId}` for a command's arguments when a tab is selected; an explicit tabId wins. */
  args(explicit?: number): { tabId?: number } {
    const tabId = explicit ?? this.tabId;
    return tabId === undefined ? {} : { tabId };
  }
}
