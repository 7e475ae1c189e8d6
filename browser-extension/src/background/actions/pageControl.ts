import { tabIdOf, type CommandHandlers, type CommandName } from '../../../../src/shared/browserCommands';
import { targetTab } from '../targetTab';
import { withBadge } from './badge';
import { handleDialog, uploadFile } from './dialogs';
import { emulate } from './emulation';
import { navigateHistory } from './history';
import { selectTab } from './selectTab';
import { waitFor } from './waitFor';

/** The page-control commands: emulation, history, tab choice, waits, dialogs and uploads. */
export const PAGE_CONTROL_HANDLERS: Pick<
  CommandHandlers,
  'emulate' | 'history' | 'select-tab' | 'wait-for' | 'dialog' | 'upload-file'
> = {
  emulate,
  history: navigateHistory,
  'select-tab': selectTab,
  'wait-for': waitFor,
  dialog: handleDialog,
  'upload-file': uploadFile,
};

/** Commands that act in the page: the page shows the "acting" badge while they run. */
const ACTING = new Set<CommandName>(['act', 'emulate', 'history', 'dialog', 'upload-file', 'navigate', 'run-script']);

/**
 * Runs a command, with the badge up in its tab when it acts in the page. The tab is looked up once: the
 * command gets its id, so the badge and the action are always in the same tab, even if another tab
 * became active meanwhile.
 */
export async function withActingBadge<A extends object, R>(
  name: CommandName,
  args: A,
  run: (args: A) => Promise<R>,
): Promise<R> {
  if (!ACTING.has(name)) return run(args);
  const tabId = await targetTab(tabIdOf(args)).then(
    (tab) => tab.id,
    () => undefined,
  );
  // A lookup that failed leaves the command to say why, in its own words.
  return withBadge(tabId, () => run(tabId === undefined ? args : { ...args, tabId }));
}
