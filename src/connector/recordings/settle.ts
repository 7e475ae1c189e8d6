import type { CaptureStore } from '../capture/store';

const QUIET_MS = 400;
const MAX_MS = 3_000;

/**
 * Lets a page's last errors and requests arrive (a request is reported when it completes, often after
 * the error it caused): waits until the store is quiet for a moment, capped.
 */
export async function settle(store: CaptureStore): Promise<void> {
  const until = Date.now() + MAX_MS;
  let lastSeq = store.lastSeq;
  let quietSince = Date.now();
  while (Date.now() < until && Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (store.lastSeq !== lastSeq) {
      lastSeq = store.lastSeq;
      quietSince = Date.now();
    }
  }
}
