import { join } from 'node:path';
import type { ScreenshotConfig } from '../config/config';
import type { DecodedImage } from './imageInfo';
import type { Logger } from '../logging/logger';
import { pruneOldest } from '../trust/prunedFolder';
import { privateFolder, writePrivateFile } from '../trust/privateFiles';

const PREFIX = 'screenshot-';
/** The names save() gives (`screenshot-<ISO time>-<sequence>.png|jpg`), and no other. */
export const SCREENSHOT_NAMES = /^screenshot-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-\d{4,}\.(png|jpg)$/;

/** Saves screenshots to one folder, capped by file count and bytes; the oldest of ours go first. */
export class ScreenshotFolder {
  private sequence = 0;

  constructor(
    private readonly config: ScreenshotConfig,
    private readonly logger: Logger,
  ) {}

  async save(image: DecodedImage, timestamp: number): Promise<string> {
    await privateFolder(this.config.dir);
    const stamp = new Date(timestamp).toISOString().replace(/[:.]/g, '-');
    const name = `${PREFIX}${stamp}-${(++this.sequence).toString().padStart(4, '0')}.${image.format === 'png' ? 'png' : 'jpg'}`;
    const path = join(this.config.dir, name);
    await writePrivateFile(path, image.bytes);
    await pruneOldest(this.config.dir, SCREENSHOT_NAMES, this.config).catch((error: unknown) =>
      this.logger.warn(`Could not prune ${this.config.dir}: ${String(error)}`),
    );
    return path;
  }
}
