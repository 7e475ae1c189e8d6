import { ApiError } from '../../shared/errors';
import type { CommandName } from '../../shared/wireFrames';
import type { ConnectorServices } from '../services';

/**
 * Sends a command to the tab `select_tab` picked (else the extension's own choice). A selected tab
 * that has closed is forgotten, so the next call falls back to the active tab.
 */
export async function tabCommand(
  services: ConnectorServices,
  name: CommandName,
  args: Record<string, unknown>,
  timeoutMs = services.config.commandTimeoutMs,
): Promise<Record<string, unknown>> {
  const target = services.selectedTab.args(args.tabId as number | undefined);
  try {
    const result = await services.bridge.command(name, { ...args, ...target }, timeoutMs);
    return (result && typeof result === 'object' ? result : {}) as Record<string, unknown>;
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
