/** The part of the connector's browser bridge the wait needs. */
export interface BrowserPresence {
  readonly connected: boolean;
  onChange(listener: () => void): () => void;
}

/**
 * How long a connector the stdio bin just started waits for the first browser before a tool answers
 * "no browser". A browser extension that lost its connector retries with a backoff of a few seconds,
 * so without this grace the first calls after start would fail although a browser is on its way.
 */
export const FIRST_BROWSER_GRACE_MS = 3000;

/**
 * Resolves when a browser is connected, or when `deadline` (epoch ms) has passed, whichever comes
 * first. Never rejects: after the deadline the tool itself says that no browser is connected.
 */
export function waitForFirstBrowser(presence: BrowserPresence, deadline: number): Promise<void> {
  const left = deadline - Date.now();
  if (presence.connected || left <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, left);
    const stop = presence.onChange(() => presence.connected && done());
  });
}
