import { ApiError } from '../../shared/errors';
import { type StoredScreenshot } from '../../shared/protocol';
import { screenshotPreviewSchema, type ScreenshotOptions, type ScreenshotPreview } from '../../shared/screenshotSchema';
import type { BrowserBridge } from '../wire/browserBridge';
import type { ScreenshotConfig } from '../config/config';
import { decodeImageDataUrl } from './imageInfo';
import type { Logger } from '../logging/logger';
import { ScreenshotFolder } from './screenshotFolder';
import type { CaptureStore } from '../capture/store';

export interface ScreenshotResult {
  entry: StoredScreenshot;
  dataUrl: string;
  /** The model-sized JPEG, when `options.preview` asked for one. */
  preview?: ScreenshotPreview;
}

type CapturedListener = (result: ScreenshotResult & { requestId: string }) => void;

/** Asks the browser for an image, checks it, saves it to the capped folder and records it. */
export class ScreenshotService {
  private readonly folder: ScreenshotFolder;
  private readonly listeners = new Set<CapturedListener>();
  private sequence = 0;

  constructor(
    private readonly config: ScreenshotConfig,
    private readonly bridge: BrowserBridge,
    private readonly store: CaptureStore,
    logger: Logger,
  ) {
    this.folder = new ScreenshotFolder(config, logger);
  }

  onCaptured(listener: CapturedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async capture(options: ScreenshotOptions): Promise<ScreenshotResult> {
    const reply = await this.bridge.screenshot(options, this.config.timeoutMs);
    const { data: dataUrl, preview } = reply;
    if (typeof dataUrl !== 'string')
      throw new ApiError('SCREENSHOT_FAILED', 'The browser answered without image data.');
    let image;
    try {
      image = decodeImageDataUrl(dataUrl);
    } catch (error) {
      throw new ApiError('SCREENSHOT_FAILED', `The browser sent an unreadable image: ${(error as Error).message}.`);
    }
    const timestamp = Date.now();
    const path = await this.folder.save(image, timestamp).catch((error: Error) => {
      throw new ApiError('SCREENSHOT_FAILED', `Could not save the screenshot in ${this.config.dir}: ${error.message}`);
    });
    const entry = this.store.addScreenshot({
      timestamp,
      path,
      size: image.bytes.length,
      format: image.format,
      dimensions: { width: image.width, height: image.height },
    });
    const result: ScreenshotResult = { entry, dataUrl, preview };
    const requestId = `screenshot-${++this.sequence}`;
    for (const listener of this.listeners) listener({ ...result, requestId });
    return result;
  }

  /**
   * Asks the browser for a model-sized copy of an image it sent before (the `preview-image` command),
   * for a screenshot that came without a usable one. Fails with an ApiError, e.g. from an older extension.
   */
  async previewOf(dataUrl: string, limits: { maxDimension: number; maxBytes: number }): Promise<ScreenshotPreview> {
    const reply = await this.bridge.command('preview-image', { data: dataUrl, ...limits }, this.config.timeoutMs);
    const parsed = screenshotPreviewSchema.safeParse(reply);
    if (!parsed.success)
      throw new ApiError('SCREENSHOT_FAILED', 'The browser answered the preview request without a preview.');
    return parsed.data;
  }
}
