import { ApiError } from '../../shared/errors';
import { screenshotOptionsSchema, type CommandName } from '../../shared/protocol';
import type { ConnectorServices } from '../services';
import { REMOTE_COMMANDS, type RemoteCommandName } from './remoteConfig';

/** The tunnel carries frames up to 4 MB: a model-sized JPEG fits, a full-page PNG may not. */
const REMOTE_PREVIEW = { maxDimension: 1600, maxBytes: 1_500_000 } as const;

type IsShared = (pageUrl: string | undefined) => boolean;
type Args = Record<string, unknown>;

/**
 * Runs a command that came down the tunnel, but only on a page the user shared: the remote side
 * must learn nothing about other tabs, and `run-script` and `cookies` need an explicit opt-in.
 */
export function remoteCommandRunner(services: Pick<ConnectorServices, 'config' | 'bridge' | 'screenshots'>, allowed: readonly RemoteCommandName[], isShared: IsShared) {
  const timeout = services.config.commandTimeoutMs;
  const browser = (name: CommandName, args: Args) => services.bridge.command(name, args, timeout);

  /** The tab the command would act on, checked before anything happens in it. */
  async function sharedTarget(args: Args): Promise<{ tabId: number; url: string }> {
    const tabId = typeof args.tabId === 'number' ? args.tabId : undefined;
    const target = (await browser('current-url', tabId === undefined ? {} : { tabId })) as { tabId: number; url?: string };
    if (!isShared(target.url)) throw notShared(target.url);
    return { tabId: target.tabId, url: target.url! };
  }

  const handlers: Record<RemoteCommandName, (args: Args) => Promise<unknown>> = {
    screenshot: async (args) => {
      const parsed = screenshotOptionsSchema.safeParse(args);
      if (!parsed.success) throw new ApiError('INVALID_PARAMETER', `Invalid screenshot options: ${parsed.error.issues[0]?.message ?? 'see the API docs'}.`);
      const { tabId, url } = await sharedTarget(args);
      const { entry, preview, dataUrl } = await services.screenshots.capture({ ...parsed.data, tabId, preview: REMOTE_PREVIEW });
      const image = preview ?? (dataUrl.length <= REMOTE_PREVIEW.maxBytes * 1.4 ? { data: dataUrl, ...entry.dimensions, cropped: false } : undefined);
      if (!image) throw new ApiError('SCREENSHOT_FAILED', 'The screenshot is too large for the tunnel and the browser sent no smaller copy: update the browser extension.');
      return { screenshot: image.data, format: image.data.startsWith('data:image/png') ? 'png' : 'jpeg', width: image.width, height: image.height, cropped: image.cropped, full: { ...entry.dimensions, size: entry.size, format: entry.format }, url, timestamp: entry.timestamp };
    },
    'current-url': async (args) => sharedTarget(args),
    tabs: async () => {
      const { tabs } = (await browser('tabs', {})) as { tabs: { url: string }[] };
      return { tabs: tabs.filter((tab) => isShared(tab.url)) };
    },
    navigate: async (args) => {
      if (typeof args.url !== 'string' || !isShared(args.url)) throw notShared(typeof args.url === 'string' ? args.url : undefined, 'navigate to');
      const { tabId } = await sharedTarget(args);
      return browser('navigate', { ...args, tabId });
    },
    'run-script': async (args) => browser('run-script', { ...args, tabId: (await sharedTarget(args)).tabId }),
    cookies: async (args) => {
      const url = typeof args.url === 'string' ? args.url : (await sharedTarget(args)).url;
      if (!isShared(url)) throw notShared(url);
      return browser('cookies', { ...args, url });
    },
  };

  return async (name: string, args: Args): Promise<unknown> => {
    if (!REMOTE_COMMANDS.includes(name as RemoteCommandName)) throw new ApiError('INVALID_PARAMETER', `Unknown command '${name}'. Remote clients may send: ${allowed.join(', ')}.`);
    if (!allowed.includes(name as RemoteCommandName)) {
      throw new ApiError('FORBIDDEN', `This connector does not run '${name}' for remote clients. Its user can allow it in the remote commands setting.`);
    }
    return handlers[name as RemoteCommandName](args);
  };
}

function notShared(url: string | undefined, verb = 'act on'): ApiError {
  const origin = url ? safeOrigin(url) : 'an unknown page';
  return new ApiError('FORBIDDEN', `Refused to ${verb} ${origin}: that origin is not shared with remote clients. Its user can add it to the shared origins.`);
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an unknown page';
  }
}
