import { strict as assert } from 'node:assert';
import { tabIdOf } from '../../../src/shared/browserCommands';
import { guardRemoteCommands, RemoteCommandError } from '../../../src/shared/remote';

/** A browser with two tabs, as the connector or the extension would run commands in it. */
function browser(activeUrl: string) {
  const calls: [string, object][] = [];
  const tabs = [
    { id: 1, url: 'http://localhost:5173/', title: 'App' },
    { id: 2, url: 'https://mail.example.com/inbox', title: 'Inbox (3) – secret subject' },
  ];
  // A fake browser answers each command its own shape.
  const run = async (name: string, args: object): Promise<any> => {
    calls.push([name, args]);
    if (name === 'current-url') {
      const tab = tabs.find((t) => t.id === tabIdOf(args)) ?? tabs.find((t) => t.url === activeUrl)!;
      return { tabId: tab.id, url: tab.url, title: tab.title };
    }
    if (name === 'tabs') return { tabs: tabs.map((t) => ({ ...t, active: t.url === activeUrl })) };
    return { ran: name, args };
  };
  return { run, calls };
}

const refused = (pattern: RegExp) => (error: unknown) =>
  error instanceof RemoteCommandError && error.code === 'FORBIDDEN' && pattern.test(error.message);

describe('remote commands act only on shared pages', () => {
  const origins = ['http://localhost:*'];
  const allowed = ['screenshot', 'current-url', 'tabs', 'navigate'] as const;

  it('runs a screenshot on the shared tab it checked first', async () => {
    const { run, calls } = browser('http://localhost:5173/');
    await guardRemoteCommands(run, allowed, origins)('screenshot', { fullPage: false });
    assert.deepEqual(calls.at(-1), ['screenshot', { fullPage: false, tabId: 1 }]);
  });

  it('refuses to act on an unshared tab, before anything happens in it', async () => {
    const { run, calls } = browser('https://mail.example.com/inbox');
    await assert.rejects(
      guardRemoteCommands(run, allowed, origins)('screenshot', {}),
      refused(/https:\/\/mail\.example\.com: that origin is not shared/),
    );
    await assert.rejects(guardRemoteCommands(run, allowed, origins)('current-url', {}), refused(/not shared/));
    await assert.rejects(guardRemoteCommands(run, allowed, origins)('screenshot', { tabId: 2 }), refused(/not shared/));
    assert.ok(
      calls.every(([name]) => name === 'current-url'),
      'only the check ran',
    );
  });

  it('lists only shared tabs, and navigates only to shared origins', async () => {
    const { run } = browser('http://localhost:5173/');
    const guarded = guardRemoteCommands(run, allowed, origins);
    assert.deepEqual(
      ((await guarded('tabs', {})) as { tabs: { id: number }[] }).tabs.map((tab) => tab.id),
      [1],
    );
    await assert.rejects(
      guarded('navigate', { url: 'https://mail.example.com/' }),
      refused(/navigate to https:\/\/mail\.example\.com/),
    );
    assert.deepEqual(await guarded('navigate', { url: 'http://localhost:5173/other' }), {
      ran: 'navigate',
      args: { url: 'http://localhost:5173/other', tabId: 1 },
    });
  });

  it('keeps run-script and cookies off unless allowed, and names unknown commands', async () => {
    const { run } = browser('http://localhost:5173/');
    await assert.rejects(
      guardRemoteCommands(run, allowed, origins)('run-script', { code: '1' }),
      refused(/does not allow 'run-script'/),
    );
    await assert.rejects(
      guardRemoteCommands(run, allowed, origins)('constructor', {}),
      (error: RemoteCommandError) =>
        error.code === 'INVALID_PARAMETER' && /Unknown command 'constructor'/.test(error.message),
    );
    const opened = guardRemoteCommands(run, [...allowed, 'run-script', 'cookies'], origins);
    assert.deepEqual(await opened('run-script', { code: '1' }), {
      ran: 'run-script',
      args: { code: '1', tabId: 1 },
    });
    await assert.rejects(opened('cookies', { url: 'https://mail.example.com/' }), refused(/not shared/));
  });
});
