import { tabIdOf, type CommandArgs, type CommandName, type CommandReply } from '../../../../src/shared/browserCommands';
import { targetTab } from '../targetTab';

/**
 * Commands that read or change a tab's page: per tab they run one after another, in the order they came, so
 * two fills never type into one field together. Tabs do not wait for each other. Answering a dialog (the
 * `dialog` command, and `act` with `answer_dialog`) is left out: it must reach a page whose action is waiting
 * on that very dialog.
 */
const ORDERED = new Set<CommandName>([
  'act',
  'snapshot',
  'emulate',
  'history',
  'upload-file',
  'navigate',
  'run-script',
  'wait-for',
]);

/** The last queued command of each tab (settled either way), for the next one to wait on. */
const tails = new Map<number, Promise<unknown>>();

/**
 * Runs the command after the commands queued before it in the same tab. The tab is looked up once, when the
 * command arrives, and the command gets its id, so it acts where it was aimed even if another tab became active.
 */
export async function inTabOrder<K extends CommandName>(
  name: K,
  args: CommandArgs<K>,
  run: (args: CommandArgs<K>) => Promise<CommandReply<K>>,
): Promise<CommandReply<K>> {
  if (!ORDERED.has(name) || answersDialog(args)) return run(args);
  const tabId = await targetTab(tabIdOf(args)).then(
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

/** An `act` that answers the open dialog: queued, it would wait for the very action the dialog holds up. */
function answersDialog(args: object): boolean {
  return 'action' in args && args.action === 'answer_dialog';
}
