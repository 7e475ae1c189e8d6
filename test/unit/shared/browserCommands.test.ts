import assert from 'node:assert/strict';
import type { BrowserBridge } from '../../../src/connector/wire/browserBridge';
import {
  COMMAND_NAMES,
  isCommandName,
  tabIdOf,
  type CommandHandlers,
  type CommandName,
  type CommandReply,
} from '../../../src/shared/browserCommands';

/**
 * The command wire is checked by the compiler: these cases are type errors that `tsc --noEmit -p .`
 * (npm run typecheck) requires, so a command added on one side only fails the build. The browser's
 * handler table is declared as `CommandHandlers` (browser-extension/src/background/commands.ts).
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equal<A, B>) => proof;

// A handler table with a command missing does not compile.
// @ts-expect-error -- 'tabs' has no handler
const missing: Pick<CommandHandlers, 'tabs' | 'current-url'> = {
  'current-url': async () => ({ tabId: 1 }),
};
// A handler for a command the map lacks does not compile either.
const extra: Pick<CommandHandlers, 'current-url'> = {
  'current-url': async () => ({ tabId: 1 }),
  // @ts-expect-error -- 'new-command' is not in the shared map
  'new-command': async () => ({}),
};
// A handler that answers another shape than the map's reply does not compile.
const wrongReply: Pick<CommandHandlers, 'tabs'> = {
  // @ts-expect-error -- `tabs` answers `{tabs: TabInfo[]}`
  tabs: async () => ({ list: [] }),
};

/** The connector's side: names, arguments and replies all come from the same map. */
async function connectorSide(bridge: BrowserBridge): Promise<void> {
  // @ts-expect-error -- an unknown command name
  await bridge.command('new-command', {}, 1000);
  // @ts-expect-error -- navigate needs a url
  await bridge.command('navigate', { waitUntil: 'load' }, 1000);
  // @ts-expect-error -- cookies takes a url string
  await bridge.command('cookies', { url: 42 }, 1000);
  const listed = await bridge.command('tabs', {}, 1000);
  same<typeof listed, CommandReply<'tabs'>>(true);
  assert.ok(listed.tabs.every((tab) => tab.url));
  const trace = await bridge.command('performance-trace', { transferId: 't' }, 1000);
  // @ts-expect-error -- the reply is typed, not a loose record
  void trace.notAField;
}

describe('the typed command wire (src/shared/browserCommands)', () => {
  it('lists each command of the map once, as the handler table must', () => {
    assert.equal(new Set(COMMAND_NAMES).size, COMMAND_NAMES.length);
    assert.ok(COMMAND_NAMES.includes('screenshot') && COMMAND_NAMES.includes('network-mock-list'));
    same<(typeof COMMAND_NAMES)[number], CommandName>(true);
    assert.ok([missing, extra, wrongReply, connectorSide].every(Boolean));
  });

  it('knows only its own names, never a prototype key', () => {
    for (const name of COMMAND_NAMES) assert.ok(isCommandName(name), name);
    for (const name of ['constructor', '__proto__', 'toString', 'Tabs', '', 42, undefined])
      assert.equal(isCommandName(name), false, String(name));
  });

  it("reads a command's tab id only when it is a number", () => {
    assert.equal(tabIdOf({ tabId: 3 }), 3);
    assert.equal(tabIdOf({ tabId: '3' }), undefined);
    assert.equal(tabIdOf({}), undefined);
  });
});
