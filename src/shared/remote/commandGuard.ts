import type { CommandArgs, CommandName, CommandReply } from '../browserCommands';
import type { ScreenshotOptions } from '../screenshotSchema';
import { originMatcher } from './originFilter';
import { navigateArgs, RemoteArgumentError, screenshotArgs, scriptArgs, tabArgs } from './remoteArgs';

/** Commands a remote client may ask for; `run-script` and `cookies` are opt-in. */
/** Commands a remote client may ask for; `run-script` and `cookies` are opt-in. */
export const REMOTE_COMMANDS = [
  'screenshot',
  'current-url',
  'tabs',
  'navigate',
  'run-script',
  'cookies',
] as const satisfies readonly CommandName[];
export type RemoteCommandName = (typeof REMOTE_COMMANDS)[number];
export const DEFAULT_REMOTE_COMMANDS: readonly RemoteCommandName[] = ['screenshot', 'current-url', 'tabs', 'navigate'];

/** Runs one command in the browser, typed by the shared command map (the connector's bridge, the worker's handlers). */
export type CommandRunner = <K extends CommandName>(name: K, args: CommandArgs<K>) => Promise<CommandReply<K>>;

/** A command as a remote client sends it: any name, any arguments, checked here. */
export type RemoteCommand = (name: string, args: Record<string, unknown>) => Promise<unknown>;

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

const isRemoteCommand = (name: string): name is RemoteCommandName =>
  (REMOTE_COMMANDS as readonly string[]).includes(name);

/**
 * Wraps the local command runner for commands that came down the tunnel: they act only on a page
 * the user shared, list only shared tabs, and `run-script` and `cookies` need an explicit opt-in.
 * The remote side must learn nothing about other tabs. A screenshot goes through `screenshot` when
 * given (the connector saves it and sends a tunnel-sized copy), else through `run`.
 */
export function guardRemoteCommands(
  run: CommandRunner,
  allowed: readonly RemoteCommandName[],
  sharedOrigins: readonly string[],
  screenshot: (options: ScreenshotOptions) => Promise<unknown> = (options) => run('screenshot', options),
): RemoteCommand {
  const isShared = originMatcher(sharedOrigins);

  /** The tab the command would act on, checked before anything happens in it. */
  async function sharedTarget(args: Record<string, unknown>): Promise<{ tabId: number; url: string; title?: string }> {
    const target = await run('current-url', tabArgs(args));
    if (target.tabId === undefined || target.url === undefined || !isShared(target.url)) throw notShared(target.url);
    return { tabId: target.tabId, url: target.url, title: target.title };
  }

  async function guarded(name: RemoteCommandName, args: Record<string, unknown>): Promise<unknown> {
    switch (name) {
      case 'tabs': {
        const { tabs } = await run('tabs', {});
        return { tabs: tabs.filter((tab) => isShared(tab.url)) };
      }
      case 'current-url':
        return sharedTarget(args);
      case 'navigate': {
        if (typeof args.url !== 'string' || !isShared(args.url))
          throw notShared(typeof args.url === 'string' ? args.url : undefined, 'navigate to');
        return run('navigate', { ...navigateArgs(args), tabId: (await sharedTarget(args)).tabId });
      }
      case 'cookies': {
        const url = typeof args.url === 'string' ? args.url : (await sharedTarget(args)).url;
        if (!isShared(url)) throw notShared(url);
        return run('cookies', { url });
      }
      case 'run-script':
        return run('run-script', { ...scriptArgs(args), tabId: (await sharedTarget(args)).tabId });
      case 'screenshot':
        return screenshot({ ...screenshotArgs(args), tabId: (await sharedTarget(args)).tabId });
    }
  }

  return async (name, args) => {
    if (!isRemoteCommand(name))
      throw new RemoteCommandError(
        'INVALID_PARAMETER',
        `Unknown command '${name}'. Remote clients may send: ${allowed.join(', ')}.`,
      );
    if (!allowed.includes(name))
      throw new RemoteCommandError(
        'FORBIDDEN',
        `This browser's user does not allow '${name}' from remote clients (it is opt-in in the remote settings).`,
      );
    try {
      return await guarded(name, args);
    } catch (error) {
      if (error instanceof RemoteArgumentError) throw new RemoteCommandError('INVALID_PARAMETER', error.message);
      throw error;
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
