import type { LinkState } from './connectorLink';

/**
 * What the toolbar icon's badge shows. Per tab, most important first: an assistant acting in that tab
 * (AI, blue), a recording of that tab (REC), the tab shared with agents (AI, purple); every other tab
 * shows the link's state (nothing while connected).
 */
export type BadgeActivity = 'acting' | 'recording';

interface Badge {
  text: string;
  color: string;
  title: string;
}

/** Activities running per tab (calls may overlap). */
const running = new Map<number, Map<BadgeActivity, number>>();
/** Tabs the developer shared with agents (the share-tab command). */
const shared = new Set<number>();
/** Tabs given a badge of their own: each follows the link again once its activities end. */
const touched = new Set<number>();
let link: LinkState = 'disconnected';

const ACTIVITY_BADGES: Record<BadgeActivity, Badge> = {
  acting: { text: 'AI', color: '#1f6feb', title: 'Browser Debug: an assistant is acting in this tab' },
  recording: { text: 'REC', color: '#d1242f', title: 'Browser Debug: recording this tab' },
};
const SHARED_BADGE: Badge = { text: 'AI', color: '#7c3aed', title: 'Browser Debug: shared with agents' };

/** The link's badge: nothing while connected (the quiet, normal state), a mark otherwise. */
function linkBadge(state: LinkState): Badge {
  if (state === 'connected') return { text: '', color: '#1a7f37', title: 'Browser Debug: connected' };
  if (state === 'off') return { text: 'off', color: '#6e7781', title: 'Browser Debug: off (remote mode)' };
  return {
    text: '…',
    color: '#9a6700',
    title: 'Browser Debug: looking for VS Code or the connector (npm start)',
  };
}

/** The badge for a tab now (the link's without one; exported for tests). */
export function currentBadge(tabId?: number): Badge {
  const counts = tabId === undefined ? undefined : running.get(tabId);
  const activity = (['acting', 'recording'] as const).find((kind) => (counts?.get(kind) ?? 0) > 0);
  if (activity) return ACTIVITY_BADGES[activity];
  return tabId !== undefined && shared.has(tabId) ? SHARED_BADGE : linkBadge(link);
}

/** Resolves once Chrome took the badge; callers that only hint do not wait (a closing worker may drop it). */
function paint(badge: Badge, tabId?: number): Promise<unknown> {
  return Promise.all([
    chrome.action.setBadgeText({ text: badge.text, tabId }),
    chrome.action.setBadgeBackgroundColor({ color: badge.color, tabId }),
    chrome.action.setTitle({ title: badge.title, tabId }),
  ]).catch(() => undefined);
}

function render(): void {
  void paint(currentBadge());
  for (const tabId of touched) void paint(currentBadge(tabId), tabId);
}

/** Called on every link state change. */
export function showLinkState(state: LinkState): void {
  if (state === link) return;
  link = state;
  render();
}

/** Marks an activity as running in a tab until the returned function is called (calls may overlap). */
export function beginActivity(kind: BadgeActivity, tabId: number): () => void {
  const counts = running.get(tabId) ?? new Map<BadgeActivity, number>();
  running.set(tabId, counts);
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  touched.add(tabId);
  render();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    counts.set(kind, Math.max(0, (counts.get(kind) ?? 1) - 1));
    render();
  };
}

/** Marks a tab shared with agents, or no longer (it then follows the link again); resolves once shown. */
export function showShared(tabId: number, isShared: boolean): Promise<unknown> {
  if (isShared) shared.add(tabId);
  else shared.delete(tabId);
  touched.add(tabId);
  return paint(currentBadge(tabId), tabId);
}

/**
 * Whether the developer shared the tab. Kept in the worker's memory; after the worker restarts, the tab's
 * badge title is the record (the text alone cannot tell: an assistant acting there also shows AI).
 */
export async function isSharedTab(tabId: number): Promise<boolean> {
  if (shared.has(tabId)) return true;
  return (await chrome.action.getTitle({ tabId }).catch(() => '')) === SHARED_BADGE.title;
}

chrome.tabs.onRemoved.addListener((tabId) => {
  running.delete(tabId);
  shared.delete(tabId);
  touched.delete(tabId);
});
