import { ApiError } from '../../shared/errors';
import { guardRemoteCommands, type RemoteCommand, type RemoteCommandName } from '../../shared/remote';
import { screenshotOptionsSchema, type ScreenshotOptions } from '../../shared/screenshotSchema';
import type { CoreServices } from '../coreServices';

/** The tunnel carries frames up to 4 MB: a model-sized JPEG fits, a full-page PNG may not. */
const REMOTE_PREVIEW = { maxDimension: 1600, maxBytes: 1_500_000 } as const;

/**
 * Commands from remote clients, run through the connected browser. The guard keeps them to shared
 * pages; a screenshot goes through the screenshot service, so it is saved here as any other.
 */
export function remoteCommandRunner(
  services: Pick<CoreServices, 'config' | 'bridge' | 'screenshots'>,
  allowed: readonly RemoteCommandName[],
  sharedOrigins: readonly string[],
): RemoteCommand {
  async function screenshot(args: ScreenshotOptions): Promise<unknown> {
    const parsed = screenshotOptionsSchema.safeParse(args);
    if (!parsed.success)
      throw new ApiError(
        'INVALID_PARAMETER',
        `Invalid screenshot options: ${parsed.error.issues[0]?.message ?? 'see the API docs'}.`,
      );
    const { entry, preview, dataUrl } = await services.screenshots.capture({ ...parsed.data, preview: REMOTE_PREVIEW });
    const image =
      preview ??
      (dataUrl.length <= REMOTE_PREVIEW.maxBytes * 1.4
        ? { data: dataUrl, ...entry.dimensions, cropped: false }
        : undefined);
    if (!image)
      throw new ApiError(
        'SCREENSHOT_FAILED',
        'The screenshot is too large for the tunnel and the browser sent no smaller copy: update the browser extension.',
      );
    const format = image.data.startsWith('data:image/png') ? 'png' : 'jpeg';
    return {
      screenshot: image.data,
      format,
      width: image.width,
      height: image.height,
      cropped: image.cropped,
      full: { ...entry.dimensions, size: entry.size, format: entry.format },
      tabId: parsed.data.tabId,
      timestamp: entry.timestamp,
    };
  }

  return guardRemoteCommands(
    (name, args) => services.bridge.command(name, args, services.config.commandTimeoutMs),
    allowed,
    sharedOrigins,
    screenshot,
  );
}
