import { originMatcher } from './originFilter';

/** Commands a remote client may ask for; `run-script` and `cookies` are opt-in. */
export const REMOTE_COMMANDS = ['screenshot', 'current-url', 'tabs', 'navigate', 'run-script', 'cookies'] as const;
export type RemoteCommandName = (typeof REMOTE_COMMANDS)[number];
export const DEFAULT_REMOTE_COMMANDS: readonly RemoteCommandName[] = ['screenshot', 'current-url', 'tabs', 'navigate'];

export type RunCommand = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** Its `code` becomes the tunnel reply's error code. */
export class RemoteCommandError extends Error {
  constructor(
    readonly code: 'FORBIDDEN' | 'INVALID_PARAMETER',
    message: string,
  ) {
    super(message);
    this.name = 'RemoteCommandError';
  }
}

/**
 * Wraps the local command runner for commands that came down the tunnel: they act only on a page
 * the user shared, list only shared tabs, and `run-script` and `cookies` need an explicit opt-in.
 * The remote side must learn nothing about other tabs.
 */
export function guardRemoteCommands(
  run: RunCommand,
  allowed: readonly RemoteCommandName[],
  sharedOrigins: readonly string[],
): RunCommand {
  const isShared = originMatcher(sharedOrigins);

  /** The tab the command would act on, checked before anything happens in it. */
  async function sharedTarget(args: Record<string, unknown>): Promise<{ tabId: number; url: string; title?: string }> {
    const target = (await run('current-url', typeof args.tabId === 'number' ? { tabId: args.tabId } : {})) as {
      tabId: number;
      url?: string;
      title?: string;
    };
    if (!isShared(target.url)) throw notShared(target.url);
    return target as { tabId: number; url: string; title?: string };
  }

  return async (name, args) => {
    if (!REMOTE_COMMANDS.includes(name as RemoteCommandName))
      throw new RemoteCommandError(
        'INVALID_PARAMETER',
        `Unknown command '${name}'. Remote clients may send: ${allowed.join(', ')}.`,
      );
    if (!allowed.includes(name as RemoteCommandName))
      throw new RemoteCommandError(
        'FORBIDDEN',
        `This browser's user does not allow '${name}' from remote clients (it is opt-in in the remote settings).`,
      );
    switch (name as RemoteCommandName) {
      case 'tabs': {
        const { tabs } = (await run('tabs', {})) as { tabs: { url: string }[] };
        return { tabs: tabs.filter((tab) => isShared(tab.url)) };
      }
      case 'current-url':
        return sharedTarget(args);
      case 'navigate': {
        if (typeof args.url !== 'string' || !isShared(args.url))
          throw notShared(typeof args.url === 'string' ? args.url : undefined, 'navigate to');
        return run('navigate', { ...args, tabId: (await sharedTarget(args)).tabId });
      }
      case 'cookies': {
        const url = typeof args.url === 'string' ? args.url : (await sharedTarget(args)).url;
        if (!isShared(url)) throw notShared(url);
        return run('cookies', { ...args, url });
      }
      default:
        return run(name, { ...args, tabId: (await sharedTarget(args)).tabId });
    }
  };
}

function notShared(url: string | undefined, verb = 'act on'): RemoteCommandError {
  let origin = 'an unknown page';
  try {
    if (url) origin = new URL(url).origin;
  } catch {
    // keep the generic wording
  }
  return new RemoteCommandError(
    'FORBIDDEN',
    `Refused to ${verb} ${origin}: that origin is not shared with remote clients. Its user can add it to the shared origins.`,
  );
}
