import type { CommandArgs, CommandName, CommandReply, TabTarget } from '../../shared/browserCommands';
import { ApiError } from '../../shared/errors';
import type { ConnectorServices } from '../services';

/** Commands that act in one tab: their arguments take a `tabId`. */
export type TabCommandName = { [K in CommandName]: CommandArgs<K> extends TabTarget ? K : never }[CommandName];

/**
 * Sends a command to the tab `select_tab` picked (else the extension's own choice). A selected tab
 * that has closed is forgotten, so the next call falls back to the active tab.
 */
export async function tabCommand<K extends TabCommandName>(
  services: ConnectorServices,
  name: K,
  args: CommandArgs<K>,
  timeoutMs = services.config.commandTimeoutMs,
): Promise<CommandReply<K>> {
  const target = services.selectedTab.args(args.tabId);
  try {
    return await services.bridge.command(name, { ...args, ...target }, timeoutMs);
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.details.browserCode === 'TAB_NOT_FOUND' &&
      target.tabId === services.selectedTab.id
    )
      services.selectedTab.forget();
    throw error;
  }
}
