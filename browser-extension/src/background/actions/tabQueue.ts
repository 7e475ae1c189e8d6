import { targetTab } from '../targetTab';

/**
 * Commands that read or change a tab's page: per tab they run one after another, in the order they came, so
 * two fills never type into one field together. Tabs do not wait for each other. Answering a dialog is left
 * out: it must reach a page whose action is waiting on that very dialog.
 */
const ORDERED = new Set(['act', 'snapshot', 'emulate', 'history', 'upload-file', 'navigate', 'run-script', 'wait-for']);

/** The last queued command of each tab (settled either way), for the next one to wait on. */
const tails = new Map<number, Promise<unknown>>();

/**
 * Runs the command after the commands queued before it in the same tab. The tab is looked up once, when the
 * command arrives, and the command gets its id, so it acts where it was aimed even if another tab became active.
 */
export async function inTabOrder(
  name: string,
  args: Record<string, unknown>,
  run: (args: Record<string, unknown>) => Promise<unknown>,
): Promise<unknown> {
  if (!ORDERED.has(name)) return run(args);
  const tabId = await targetTab(typeof args.tabId === 'number' ? args.tabId : undefined).then(
    (tab) => tab.id,
    () => undefined,
  );
  // A lookup that failed leaves the command to say why, in its own words.
  if (tabId === undefined) return run(args);
  const before = tails.get(tabId) ?? Promise.resolve();
  const mine = before.then(() => run({ ...args, tabId }));
  const tail = mine.catch(() => undefined);
  tails.set(tabId, tail);
  void tail.then(() => tails.get(tabId) === tail && tails.delete(tabId));
  return mine;
}
