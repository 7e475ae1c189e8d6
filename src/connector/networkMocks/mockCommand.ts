import { tabCommand } from '../actions/tabCommand';
import type { ConnectorServices } from '../services';
import type { MockCommands } from './networkMockService';

/** Adding a rule goes to the selected tab like actions do (tabCommand); list and clear go to the browser as a whole. */
export function mockCommand(services: () => ConnectorServices): MockCommands {
  const anyTab = () => {
    const all = services();
    return { bridge: all.bridge, timeoutMs: all.config.commandTimeoutMs };
  };
  return {
    add: (args) => tabCommand(services(), 'network-mock-add', args),
    list: () => {
      const { bridge, timeoutMs } = anyTab();
      return bridge.command('network-mock-list', {}, timeoutMs);
    },
    clear: (args) => {
      const { bridge, timeoutMs } = anyTab();
      return bridge.command('network-mock-clear', args, timeoutMs);
    },
  };
}
