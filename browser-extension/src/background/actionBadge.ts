import type { LinkState } from './connectorLink';

/** What the toolbar icon's badge shows, most important first: an agent acting, a recording, the link. */
export type BadgeActivity = 'acting' | 'recording';

interface Badge {
  text: string;
  color: string;
  title: string;
}

const running = new Map<BadgeActivity, number>();
let link: LinkState = 'disconnected';

const ACTIVITY_BADGES: Record<BadgeActivity, Badge> = {
  acting: { text: 'AI', color: '#1f6feb', title: 'Browser Debug: an assistant is acting in a tab' },
  recording: { text: 'REC', color: '#d1242f', title: 'Browser Debug: recording' },
};

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

/** The badge for the current state (exported for tests). */
export function currentBadge(): Badge {
  const activity = (['acting', 'recording'] as const).find((kind) => (running.get(kind) ?? 0) > 0);
  return activity ? ACTIVITY_BADGES[activity] : linkBadge(link);
}

function render(): void {
  const badge = currentBadge();
  // Not awaited: the badge is a hint, and a worker shutting down may drop it.
  void chrome.action.setBadgeText({ text: badge.text }).catch(() => undefined);
  void chrome.action.setBadgeBackgroundColor({ color: badge.color }).catch(() => undefined);
  void chrome.action.setTitle({ title: badge.title }).catch(() => undefined);
}

/** Called on every link state change. */
export function showLinkState(state: LinkState): void {
  if (state === link) return;
  link = state;
  render();
}

/** Marks an activity as running until the returned function is called (calls may overlap). */
export function beginActivity(kind: BadgeActivity): () => void {
  running.set(kind, (running.get(kind) ?? 0) + 1);
  render();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running.set(kind, Math.max(0, (running.get(kind) ?? 1) - 1));
    render();
  };
}
