import { tabCommand } from '../actions/tabCommand';
import type { ConnectorServices } from '../services';
import type { MockCommand } from './networkMockService';

/** Mock commands go to the selected tab like actions do (tabCommand); list and clear go to the browser as a whole. */
export function mockCommand(services: () => ConnectorServices): MockCommand {
  return async (name, args, options = {}) => {
    const all = services();
    if (!options.anyTab) return tabCommand(all, name, args);
    const result = await all.bridge.command(name, args, all.config.commandTimeoutMs);
    return (result && typeof result === 'object' ? result : {}) as Record<string, unknown>;
  };
}
