import { targetTab } from '../targetTab';
import { withBadge } from './badge';
import { handleDialog, uploadFile } from './dialogs';
import { emulate } from './emulation';
import { navigateHistory } from './history';
import { selectTab } from './selectTab';
import { waitFor } from './waitFor';

type Handler = (args: Record<string, unknown>) => Promise<unknown>;

/** The page-control commands: emulation, history, tab choice, waits, dialogs and uploads. */
export const PAGE_CONTROL_HANDLERS: Record<string, Handler> = {
  emulate: (args) => emulate(args),
  history: (args) => navigateHistory(args),
  'select-tab': (args) => selectTab(args),
  'wait-for': (args) => waitFor(args),
  dialog: (args) => handleDialog(args),
  'upload-file': (args) => uploadFile(args),
};

/** Commands that act in the page: the page shows the "acting" badge while they run. */
const ACTING = new Set(['act', 'emulate', 'history', 'dialog', 'upload-file', 'navigate', 'run-script']);

/**
 * Runs a command, with the badge up in its tab when it acts in the page. The tab is looked up once: the
 * command gets its id, so the badge and the action are always in the same tab, even if another tab
 * became active meanwhile.
 */
export async function withActingBadge(
  name: string,
  args: Record<string, unknown>,
  run: (args: Record<string, unknown>) => Promise<unknown>,
): Promise<unknown> {
  if (!ACTING.has(name)) return run(args);
  const tabId = await targetTab(typeof args.tabId === 'number' ? args.tabId : undefined).then(
    (tab) => tab.id,
    () => undefined,
  );
  // A lookup that failed leaves the command to say why, in its own words.
  return withBadge(tabId, () => run(tabId === undefined ? args : { ...args, tabId }));
}
